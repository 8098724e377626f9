//.kernel info22_channels
//.platform PVC
//.thread_config numGRF=128, numAcc=4, numSWSB=16
//.options_string "-platform PVC -binary -output -dumpcommonisa -asmOutput info22_channels.PVC -outputCisaBinaryName info22_channels.PVC.isa "
//.full_options "-TotalGRFNum 128 -output -binary -dumpcommonisa -outputCisaBinaryName info22_channels.PVC.isa -asmOutput info22_channels.PVC -platform PVC "
//.instCount 265
//.RA type	TRIVIAL_RA

//.declare BuiltInR0 (0)  rf=r size=64 type=ud align=32 words (r0.0)
//.declare  (1)  rf=r size=64 type=ud alias=BuiltInR0+0 align=32 words (r0.0)
//.declare BuiltinA0 (2)  rf=a size=4 type=ud align=1 words (a0.0)
//.declare BuiltinA0Dot2 (3)  rf=a size=4 type=ud align=1 words (a0.2)
//.declare samplerHeader (7)  rf=r size=64 type=ud align=32 words (r9.0)
//.declare %null (9)  rf=r size=4 type=ud align=2 words
//.declare %local_id_x (12)  rf=r size=4 type=ud align=2 words (r1.4)
//.declare %local_id_y (13)  rf=r size=4 type=ud align=2 words (r1.5)
//.declare %local_size_x (14)  rf=r size=4 type=ud align=2 words (r1.0)
//.declare %local_size_y (15)  rf=r size=4 type=ud align=2 words (r1.1)
//.declare %group_id_x (16)  rf=r size=4 type=ud align=2 words (r0.1)
//.declare %group_id_y (17)  rf=r size=4 type=ud align=2 words (r0.6)
//.declare %group_id_z (18)  rf=r size=4 type=ud align=2 words (r0.7)
//.declare %group_count_x (19)  rf=r size=4 type=ud align=2 words (r1.2)
//.declare %group_count_y (20)  rf=r size=4 type=ud align=2 words (r1.3)
//.declare %tsc (21)  rf=r size=20 type=ud align=2 words
//.declare %arg (22)  rf=r size=0 type=ud align=32 words (r26.0)
//.declare %retval (23)  rf=r size=0 type=ud align=32 words (r26.0) Output
//.declare %sp (24)  rf=r size=8 type=uq align=4 words (r125.3)
//.declare %fp (25)  rf=r size=8 type=uq align=4 words (r125.2)
//.declare %sr0 (26)  rf=r size=16 type=ud align=2 words
//.declare %cr0 (27)  rf=r size=12 type=ud align=2 words
//.declare %ce0 (28)  rf=r size=4 type=ud align=2 words
//.declare %dbg0 (29)  rf=r size=8 type=ud align=2 words
//.declare implBufPtr (31)  rf=r size=8 type=uq align=4 words (r126.0)
//.declare localIdBufPtr (32)  rf=r size=8 type=uq align=4 words (r126.3)
//.declare %msg0 (33)  rf=r size=12 type=ud align=2 words
//.declare lod (38)  rf=r size=512 type=ud align=32 words (r1.0)
//.declare res (39)  rf=r size=2048 type=ud align=32 words (r10.0)
//.declare s0 (40)  rf=r size=4 type=ud align=2 words (r42.0)
//.declare  (41)  rf=r size=128 type=ud align=32 words (r43.0)
//.declare  (42)  rf=r size=128 type=ud align=32 words (r45.0)
//.declare  (43)  rf=r size=128 type=ud align=32 words (r47.0)
//.declare  (44)  rf=r size=128 type=ud align=32 words (r49.0)
//.declare  (45)  rf=r size=128 type=ud align=32 words (r51.0)
//.declare  (46)  rf=r size=128 type=ud align=32 words (r53.0)
//.declare  (47)  rf=r size=128 type=ud align=32 words (r55.0)
//.declare  (48)  rf=r size=128 type=ud align=32 words (r57.0)
//.declare  (49)  rf=r size=128 type=ud align=32 words (r59.0)
//.declare  (50)  rf=r size=128 type=ud align=32 words (r61.0)
//.declare  (51)  rf=r size=128 type=ud align=32 words (r63.0)
//.declare  (52)  rf=r size=128 type=ud align=32 words (r65.0)
//.declare  (53)  rf=r size=128 type=ud align=32 words (r67.0)
//.declare  (54)  rf=r size=128 type=ud align=32 words (r69.0)
//.declare  (55)  rf=r size=128 type=ud align=32 words (r71.0)
//.declare  (56)  rf=r size=64 type=ud align=32 words (r73.0)
//.declare  (71)  rf=r size=128 type=ud align=32 words (r74.0)
//.declare  (86)  rf=r size=64 type=ud align=32 words (r76.0)
//.declare  (87)  rf=r size=64 type=ud align=32 words (r77.0)
//.declare  (88)  rf=r size=64 type=ud align=32 words (r78.0)
//.declare  (89)  rf=r size=8 type=ud align=4 words (r42.2)
//.declare  (90)  rf=r size=32 type=ud align=2 words (r0.0)
//.declare  (91)  rf=r size=32 type=ud align=2 words (r127.0)
//.declare  (92)  rf=r size=256 type=ud align=32 words (r1.0)
//.declare  (93)  rf=r size=256 type=ud align=32 words (r5.0)

// .inputs
// +----------+----------+--------+----------+------------+
// | id       | type     |  bytes | at       | class      |
// +----------+----------+--------+----------+------------+
// | lod      | :ud x 128 |    512 | r1       | general    |
// +----------+----------+--------+----------+------------+


// B000: Preds:{},  Succs:{B001}
cross_thread_prolog:
(W)     and (1|M0)               r127.0<1>:ud  r0.0<0;1,0>:ud    0xFFFFFFC0:ud                       // 
        load.ugm.d32x64t.a32.ca.ca (1|M0)  r1:4 bti[255][r127:1]   {A@1,$0} // ex_desc:0xFF000000; desc:0x6248F500 // $90
(W)     add (1|M0)               r127.0<1>:ud  r127.0<0;1,0>:ud  0x100:uw              {$0.src}      // 
        load.ugm.d32x64t.a32.ca.ca (1|M0)  r5:4 bti[255][r127:1]   {A@1,$1} // ex_desc:0xFF000000; desc:0x6248F500 // $90
// B001: Preds:{B000},  Succs:{}
// _info22_channels_k0_0_:
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x424A000:ud              {A@1}     // $0
        mov (8|M0)               r43.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint,$0.dst}  // $0
(W)     mov (8|M0)               r9.0<1>:f     r0.0<1;1,0>:f                                         // 
        mov (8|M0)               r45.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $1
        send.smpl (8|M0)         r10      r43     null:0  0x0            a0.0       {A@3,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $0
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22CA000:ud              {A@1}     // $1
(W)     mov (1|M0)               r9.2<1>:f     7.46163e-41:f                                         //  (0x0000d000:f); $1
(W)     and (1|M0)               r9.6<1>:uw    r9.6<0;1,0>:uw    0xFFFE:uw              {F@3}        // 
        mov (8|M0)               r47.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $2
        send.smpl (8|M0)         r10      r9      r45:2   0x0            a0.0       {A@1,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $1
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x444A000:ud              {A@1}     // $2
        mov (8|M0)               r49.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $3
(W)     mov (1|M0)               r9.2<1>:f     6.31369e-41:f                               {$2.src}  //  (0x0000b000:f); $3
        mov (8|M0)               r51.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $4
        send.smpl (8|M0)         r10      r47     null:0  0x0            a0.0       {F@4,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $2
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22CA000:ud              {A@1}     // $3
        mov (8|M0)               r53.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $5
        mov (8|M0)               r55.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $6
        mov (8|M0)               r57.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $7
        send.smpl (8|M0)         r10      r9      r49:2   0x0            a0.0       {F@5,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $3
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x24CA000:ud              {A@1}     // $4
(W)     mov (1|M0)               r9.2<1>:f     5.73972e-41:f                               {$2.src}  //  (0x0000a000:f); $4
        mov (8|M0)               r59.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $8
        mov (8|M0)               r61.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $9
        send.smpl (8|M0)         r10      r9      r51:2   0x0            a0.0       {F@3,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $4
(W)     mov (1|M0)               r9.2<1>:f     5.16575e-41:f                               {$2.src}  //  (0x00009000:f); $5
        mov (8|M0)               r63.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $10
        send.smpl (8|M0)         r10      r9      r53:2   0x0            a0.0       {F@2,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $5
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x464A000:ud              {A@1}     // $6
(W)     mov (1|M0)               r9.2<1>:f     4.0178e-41:f                               {$2.src}   //  (0x00007000:f); $7
        mov (8|M0)               r65.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $11
        mov (8|M0)               r67.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $12
        send.smpl (8|M0)         r10      r55     null:0  0x0            a0.0       {$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $6
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22CA000:ud              {A@1}     // $7
        mov (8|M0)               r69.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $13
        mov (8|M0)               r71.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $14
        mov (16|M0)              r73.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $15
        send.smpl (8|M0)         r10      r9      r57:2   0x0            a0.0       {F@6,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $7
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x24CA000:ud              {A@1}     // $8
(W)     mov (1|M0)               r9.2<1>:f     3.44383e-41:f                               {$2.src}  //  (0x00006000:f); $8
        mov (32|M0)              r74.0<1>:f    r1.0<1;1,0>:f                    {Breakpoint}         // $30
        send.smpl (8|M0)         r10      r9      r59:2   0x0            a0.0       {F@2,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $8
(W)     mov (1|M0)               r9.2<1>:f     2.86986e-41:f                               {$2.src}  //  (0x00005000:f); $9
(W)     mov (16|M0)              r76.0<1>:f    0.0:f                                                 //  (0x00000000:f); $45
        send.smpl (8|M0)         r10      r9      r61:2   0x0            a0.0       {F@2,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $9
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x26CA000:ud              {A@1}     // $10
(W)     mov (1|M0)               r9.2<1>:f     2.29589e-41:f                               {$2.src}  //  (0x00004000:f); $10
(W)     mov (16|M0)              r77.0<1>:f    0.0:f                                                 //  (0x00000000:f); $60
        send.smpl (8|M0)         r10      r9      r63:2   0x0            a0.0       {F@2,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $10
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x24CA000:ud              {A@1}     // $11
(W)     mov (1|M0)               r9.2<1>:f     1.72192e-41:f                               {$2.src}  //  (0x00003000:f); $11
(W)     mov (16|M0)              r78.0<1>:f    0.0:f                                                 //  (0x00000000:f); $75
        send.smpl (8|M0)         r10      r9      r65:2   0x0            a0.0       {F@2,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $11
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x26CA000:ud              {A@1}     // $12
(W)     mov (1|M0)               r9.2<1>:f     1.14794e-41:f                               {$2.src}  //  (0x00002000:f); $12
        send.smpl (8|M0)         r10      r9      r67:2   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $12
(W)     mov (1|M0)               r9.2<1>:f     5.73972e-42:f                               {$2.src}  //  (0x00001000:f); $13
        send.smpl (8|M0)         r10      r9      r69:2   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $13
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x484A000:ud              {A@1}     // $14
(W)     mov (1|M0)               r9.2<1>:f     7.46163e-41:f                               {$2.src}  //  (0x0000d000:f); $16
        send.smpl (8|M0)         r10      r71     null:0  0x0            a0.0       {$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $14
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x212A000:ud              {A@1}     // $15
        send.smpl (16|M0)        r10      r73     null:0  0x0            a0.0       {$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $15
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x21AA000:ud              {A@1}     // $16
        send.smpl (16|M0)        r10      r9      r73:1   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+1, rd:a0.0[24:20] // $16
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x222A000:ud              {A@1}     // $17
(W)     mov (1|M0)               r9.2<1>:f     6.31369e-41:f                               {$2.src}  //  (0x0000b000:f); $18
        send.smpl (16|M0)        r10      r73     null:0  0x0            a0.0       {$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $17
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x21AA000:ud              {A@1}     // $18
        send.smpl (16|M0)        r10      r9      r73:1   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+1, rd:a0.0[24:20] // $18
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22AA000:ud              {A@1}     // $19
(W)     mov (1|M0)               r9.2<1>:f     5.73972e-41:f                               {$2.src}  //  (0x0000a000:f); $19
        send.smpl (16|M0)        r10      r9      r73:1   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+1, rd:a0.0[24:20] // $19
(W)     mov (1|M0)               r9.2<1>:f     5.16575e-41:f                               {$2.src}  //  (0x00009000:f); $20
        send.smpl (16|M0)        r10      r9      r73:1   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+1, rd:a0.0[24:20] // $20
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x232A000:ud              {A@1}     // $21
(W)     mov (1|M0)               r9.2<1>:f     4.0178e-41:f                               {$2.src}   //  (0x00007000:f); $22
        send.smpl (16|M0)        r10      r73     null:0  0x0            a0.0       {$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $21
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x21AA000:ud              {A@1}     // $22
        send.smpl (16|M0)        r10      r9      r73:1   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+1, rd:a0.0[24:20] // $22
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22AA000:ud              {A@1}     // $23
(W)     mov (1|M0)               r9.2<1>:f     3.44383e-41:f                               {$2.src}  //  (0x00006000:f); $23
        send.smpl (16|M0)        r10      r9      r73:1   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+1, rd:a0.0[24:20] // $23
(W)     mov (1|M0)               r9.2<1>:f     2.86986e-41:f                               {$2.src}  //  (0x00005000:f); $24
        send.smpl (16|M0)        r10      r9      r73:1   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+1, rd:a0.0[24:20] // $24
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x23AA000:ud              {A@1}     // $25
(W)     mov (1|M0)               r9.2<1>:f     2.29589e-41:f                               {$2.src}  //  (0x00004000:f); $25
        send.smpl (16|M0)        r10      r9      r73:1   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+1, rd:a0.0[24:20] // $25
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22AA000:ud              {A@1}     // $26
(W)     mov (1|M0)               r9.2<1>:f     1.72192e-41:f                               {$2.src}  //  (0x00003000:f); $26
        send.smpl (16|M0)        r10      r9      r73:1   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+1, rd:a0.0[24:20] // $26
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x23AA000:ud              {A@1}     // $27
(W)     mov (1|M0)               r9.2<1>:f     1.14794e-41:f                               {$2.src}  //  (0x00002000:f); $27
        send.smpl (16|M0)        r10      r9      r73:1   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+1, rd:a0.0[24:20] // $27
(W)     mov (1|M0)               r9.2<1>:f     5.73972e-42:f                               {$2.src}  //  (0x00001000:f); $28
        send.smpl (16|M0)        r10      r9      r73:1   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+1, rd:a0.0[24:20] // $28
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x242A000:ud              {A@1}     // $29
(W)     mov (1|M0)               r9.2<1>:f     7.46163e-41:f                               {$2.src}  //  (0x0000d000:f); $31
        send.smpl (16|M0)        r10      r73     null:0  0x0            a0.0       {$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $29
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x424A000:ud              {A@1}     // $30
        send.smpl (32|M0)        r10      r74     null:0  0x0            a0.0       {$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $30
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22CA000:ud              {A@1}     // $31
        send.smpl (32|M0)        r10      r9      r74:2   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $31
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x444A000:ud              {A@1}     // $32
(W)     mov (1|M0)               r9.2<1>:f     6.31369e-41:f                               {$2.src}  //  (0x0000b000:f); $33
        send.smpl (32|M0)        r10      r74     null:0  0x0            a0.0       {$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $32
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22CA000:ud              {A@1}     // $33
        send.smpl (32|M0)        r10      r9      r74:2   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $33
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x24CA000:ud              {A@1}     // $34
(W)     mov (1|M0)               r9.2<1>:f     5.73972e-41:f                               {$2.src}  //  (0x0000a000:f); $34
        send.smpl (32|M0)        r10      r9      r74:2   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $34
(W)     mov (1|M0)               r9.2<1>:f     5.16575e-41:f                               {$2.src}  //  (0x00009000:f); $35
        send.smpl (32|M0)        r10      r9      r74:2   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $35
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x464A000:ud              {A@1}     // $36
(W)     mov (1|M0)               r9.2<1>:f     4.0178e-41:f                               {$2.src}   //  (0x00007000:f); $37
        send.smpl (32|M0)        r10      r74     null:0  0x0            a0.0       {$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $36
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22CA000:ud              {A@1}     // $37
        send.smpl (32|M0)        r10      r9      r74:2   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $37
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x24CA000:ud              {A@1}     // $38
(W)     mov (1|M0)               r9.2<1>:f     3.44383e-41:f                               {$2.src}  //  (0x00006000:f); $38
        send.smpl (32|M0)        r10      r9      r74:2   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $38
(W)     mov (1|M0)               r9.2<1>:f     2.86986e-41:f                               {$2.src}  //  (0x00005000:f); $39
        send.smpl (32|M0)        r10      r9      r74:2   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $39
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x26CA000:ud              {A@1}     // $40
(W)     mov (1|M0)               r9.2<1>:f     2.29589e-41:f                               {$2.src}  //  (0x00004000:f); $40
        send.smpl (32|M0)        r10      r9      r74:2   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $40
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x24CA000:ud              {A@1}     // $41
(W)     mov (1|M0)               r9.2<1>:f     1.72192e-41:f                               {$2.src}  //  (0x00003000:f); $41
        send.smpl (32|M0)        r10      r9      r74:2   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $41
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x26CA000:ud              {A@1}     // $42
(W)     mov (1|M0)               r9.2<1>:f     1.14794e-41:f                               {$2.src}  //  (0x00002000:f); $42
        send.smpl (32|M0)        r10      r9      r74:2   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $42
(W)     mov (1|M0)               r9.2<1>:f     5.73972e-42:f                               {$2.src}  //  (0x00001000:f); $43
        send.smpl (32|M0)        r10      r9      r74:2   0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $43
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x484A000:ud              {A@1}     // $44
(W)     mov (1|M0)               r9.2<1>:f     7.46163e-41:f                               {$2.src}  //  (0x0000d000:f); $46
        send.smpl (32|M0)        r10      r74     null:0  0x0            a0.0       {$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $44
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x224B000:ud              {A@1}     // $45
        send.smpl (8|M0)         r10      r76     null:0  0x0            a0.0       {$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $45
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22CB000:ud              {A@1}     // $46
        send.smpl (8|M0)         r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $46
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x24CB000:ud              {A@1}     // $47
(W)     mov (1|M0)               r9.2<1>:f     6.88766e-41:f                               {$2.src}  //  (0x0000c000:f); $47
        send.smpl (8|M0)         r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $47
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22CB000:ud              {A@1}     // $48
(W)     mov (1|M0)               r9.2<1>:f     6.31369e-41:f                               {$2.src}  //  (0x0000b000:f); $48
        send.smpl (8|M0)         r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $48
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x24CB000:ud              {A@1}     // $49
(W)     mov (1|M0)               r9.2<1>:f     5.73972e-41:f                               {$2.src}  //  (0x0000a000:f); $49
        send.smpl (8|M0)         r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $49
(W)     mov (1|M0)               r9.2<1>:f     5.16575e-41:f                               {$2.src}  //  (0x00009000:f); $50
        send.smpl (8|M0)         r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $50
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x26CB000:ud              {A@1}     // $51
(W)     mov (1|M0)               r9.2<1>:f     4.59177e-41:f                               {$2.src}  //  (0x00008000:f); $51
        send.smpl (8|M0)         r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $51
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22CB000:ud              {A@1}     // $52
(W)     mov (1|M0)               r9.2<1>:f     4.0178e-41:f                               {$2.src}   //  (0x00007000:f); $52
        send.smpl (8|M0)         r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $52
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x24CB000:ud              {A@1}     // $53
(W)     mov (1|M0)               r9.2<1>:f     3.44383e-41:f                               {$2.src}  //  (0x00006000:f); $53
        send.smpl (8|M0)         r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $53
(W)     mov (1|M0)               r9.2<1>:f     2.86986e-41:f                               {$2.src}  //  (0x00005000:f); $54
        send.smpl (8|M0)         r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $54
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x26CB000:ud              {A@1}     // $55
(W)     mov (1|M0)               r9.2<1>:f     2.29589e-41:f                               {$2.src}  //  (0x00004000:f); $55
        send.smpl (8|M0)         r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $55
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x24CB000:ud              {A@1}     // $56
(W)     mov (1|M0)               r9.2<1>:f     1.72192e-41:f                               {$2.src}  //  (0x00003000:f); $56
        send.smpl (8|M0)         r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $56
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x26CB000:ud              {A@1}     // $57
(W)     mov (1|M0)               r9.2<1>:f     1.14794e-41:f                               {$2.src}  //  (0x00002000:f); $57
        send.smpl (8|M0)         r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $57
(W)     mov (1|M0)               r9.2<1>:f     5.73972e-42:f                               {$2.src}  //  (0x00001000:f); $58
        send.smpl (8|M0)         r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $58
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x28CB000:ud              {A@1}     // $59
(W)     mov (1|M0)               r9.2<1>:f     0.0:f                               {$2.src}          //  (0x00000000:f); $59
        send.smpl (8|M0)         r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $59
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x212B000:ud              {A@1}     // $60
(W)     mov (1|M0)               r9.2<1>:f     7.46163e-41:f                               {$2.src}  //  (0x0000d000:f); $61
        send.smpl (16|M0)        r10      r77     null:0  0x0            a0.0       {$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $60
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x21AB000:ud              {A@1}     // $61
        send.smpl (16|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $61
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22AB000:ud              {A@1}     // $62
(W)     mov (1|M0)               r9.2<1>:f     6.88766e-41:f                               {$2.src}  //  (0x0000c000:f); $62
        send.smpl (16|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $62
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x21AB000:ud              {A@1}     // $63
(W)     mov (1|M0)               r9.2<1>:f     6.31369e-41:f                               {$2.src}  //  (0x0000b000:f); $63
        send.smpl (16|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $63
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22AB000:ud              {A@1}     // $64
(W)     mov (1|M0)               r9.2<1>:f     5.73972e-41:f                               {$2.src}  //  (0x0000a000:f); $64
        send.smpl (16|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $64
(W)     mov (1|M0)               r9.2<1>:f     5.16575e-41:f                               {$2.src}  //  (0x00009000:f); $65
        send.smpl (16|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $65
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x23AB000:ud              {A@1}     // $66
(W)     mov (1|M0)               r9.2<1>:f     4.59177e-41:f                               {$2.src}  //  (0x00008000:f); $66
        send.smpl (16|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $66
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x21AB000:ud              {A@1}     // $67
(W)     mov (1|M0)               r9.2<1>:f     4.0178e-41:f                               {$2.src}   //  (0x00007000:f); $67
        send.smpl (16|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $67
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22AB000:ud              {A@1}     // $68
(W)     mov (1|M0)               r9.2<1>:f     3.44383e-41:f                               {$2.src}  //  (0x00006000:f); $68
        send.smpl (16|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $68
(W)     mov (1|M0)               r9.2<1>:f     2.86986e-41:f                               {$2.src}  //  (0x00005000:f); $69
        send.smpl (16|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $69
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x23AB000:ud              {A@1}     // $70
(W)     mov (1|M0)               r9.2<1>:f     2.29589e-41:f                               {$2.src}  //  (0x00004000:f); $70
        send.smpl (16|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $70
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22AB000:ud              {A@1}     // $71
(W)     mov (1|M0)               r9.2<1>:f     1.72192e-41:f                               {$2.src}  //  (0x00003000:f); $71
        send.smpl (16|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $71
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x23AB000:ud              {A@1}     // $72
(W)     mov (1|M0)               r9.2<1>:f     1.14794e-41:f                               {$2.src}  //  (0x00002000:f); $72
        send.smpl (16|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $72
(W)     mov (1|M0)               r9.2<1>:f     5.73972e-42:f                               {$2.src}  //  (0x00001000:f); $73
        send.smpl (16|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $73
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x24AB000:ud              {A@1}     // $74
(W)     mov (1|M0)               r9.2<1>:f     0.0:f                               {$2.src}          //  (0x00000000:f); $74
        send.smpl (16|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $74
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x224B000:ud              {A@1}     // $75
(W)     mov (1|M0)               r9.2<1>:f     7.46163e-41:f                               {$2.src}  //  (0x0000d000:f); $76
        send.smpl (32|M0)        r10      r78     null:0  0x0            a0.0       {$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $75
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22CB000:ud              {A@1}     // $76
        send.smpl (32|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $76
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x24CB000:ud              {A@1}     // $77
(W)     mov (1|M0)               r9.2<1>:f     6.88766e-41:f                               {$2.src}  //  (0x0000c000:f); $77
        send.smpl (32|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $77
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22CB000:ud              {A@1}     // $78
(W)     mov (1|M0)               r9.2<1>:f     6.31369e-41:f                               {$2.src}  //  (0x0000b000:f); $78
        send.smpl (32|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $78
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x24CB000:ud              {A@1}     // $79
(W)     mov (1|M0)               r9.2<1>:f     5.73972e-41:f                               {$2.src}  //  (0x0000a000:f); $79
        send.smpl (32|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $79
(W)     mov (1|M0)               r9.2<1>:f     5.16575e-41:f                               {$2.src}  //  (0x00009000:f); $80
        send.smpl (32|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $80
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x26CB000:ud              {A@1}     // $81
(W)     mov (1|M0)               r9.2<1>:f     4.59177e-41:f                               {$2.src}  //  (0x00008000:f); $81
        send.smpl (32|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $81
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x22CB000:ud              {A@1}     // $82
(W)     mov (1|M0)               r9.2<1>:f     4.0178e-41:f                               {$2.src}   //  (0x00007000:f); $82
        send.smpl (32|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $82
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x24CB000:ud              {A@1}     // $83
(W)     mov (1|M0)               r9.2<1>:f     3.44383e-41:f                               {$2.src}  //  (0x00006000:f); $83
        send.smpl (32|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $83
(W)     mov (1|M0)               r9.2<1>:f     2.86986e-41:f                               {$2.src}  //  (0x00005000:f); $84
        send.smpl (32|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $84
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x26CB000:ud              {A@1}     // $85
(W)     mov (1|M0)               r9.2<1>:f     2.29589e-41:f                               {$2.src}  //  (0x00004000:f); $85
        send.smpl (32|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $85
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x24CB000:ud              {A@1}     // $86
(W)     mov (1|M0)               r9.2<1>:f     1.72192e-41:f                               {$2.src}  //  (0x00003000:f); $86
        send.smpl (32|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $86
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x26CB000:ud              {A@1}     // $87
(W)     mov (1|M0)               r9.2<1>:f     1.14794e-41:f                               {$2.src}  //  (0x00002000:f); $87
        send.smpl (32|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $87
(W)     mov (1|M0)               r9.2<1>:f     5.73972e-42:f                               {$2.src}  //  (0x00001000:f); $88
        send.smpl (32|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $88
(W)     add (1|M0)               a0.0<1>:ud    r42.0<0;1,0>:ud   0x28CB000:ud              {A@1}     // $89
(W)     mov (1|M0)               r9.2<1>:f     0.0:f                               {$2.src}          //  (0x00000000:f); $89
        send.smpl (32|M0)        r10      r9      null:0  0x0            a0.0       {F@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $89
        sync.nop                             null                             {$2.dst}               // $90
        ret (32|M0)                          r42.2                            {A@1,$1.dst}           // $90


//.BankConflicts: 0
//.BankConflicts.SameBank: 0
//.BankConflicts.TwoSrc: 0
//.SIMD32ReadSuppressions: 0
//.SIMD16s: 266
//
//.RMWs: 0
//
//.accSubDef: 0
//.accSubUse: 0
//.accSubCandidateDef: 0
//.accSubCandidateUse: 0
