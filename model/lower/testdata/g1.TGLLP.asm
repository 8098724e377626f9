//.kernel g1
//.platform TGLLP
//.thread_config numGRF=128, numAcc=2, numSWSB=16
//.options_string "-platform TGLLP -output -asmOutput g1.TGLLP "
//.full_options "-TotalGRFNum 128 -output -asmOutput g1.TGLLP -platform TGLLP "
//.instCount 175
//.RA type	LOCAL_ROUND_ROBIN_RA

//.declare BuiltInR0 (0)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare  (1)  rf=r size=32 type=ud alias=BuiltInR0+0 align=16 words (r0.0)
//.declare BuiltinA0 (2)  rf=a size=4 type=ud align=1 words (a0.0)
//.declare BuiltinA0Dot2 (3)  rf=a size=4 type=ud align=1 words (a0.2)
//.declare %bss (5)  rf=r size=4 type=ud align=2 words (r127.0)
//.declare samplerHeader (7)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare TSS (8)  rf=r size=4 type=ud align=2 words (r127.1)
//.declare %null (9)  rf=r size=4 type=ud align=2 words
//.declare %local_id_x (12)  rf=r size=4 type=ud align=2 words (r2.4)
//.declare %local_id_y (13)  rf=r size=4 type=ud align=2 words (r2.5)
//.declare %local_size_x (14)  rf=r size=4 type=ud align=2 words (r2.0)
//.declare %local_size_y (15)  rf=r size=4 type=ud align=2 words (r2.1)
//.declare %group_id_x (16)  rf=r size=4 type=ud align=2 words (r0.1)
//.declare %group_id_y (17)  rf=r size=4 type=ud align=2 words (r0.6)
//.declare %group_id_z (18)  rf=r size=4 type=ud align=2 words (r0.7)
//.declare %group_count_x (19)  rf=r size=4 type=ud align=2 words (r2.2)
//.declare %group_count_y (20)  rf=r size=4 type=ud align=2 words (r2.3)
//.declare %tsc (21)  rf=r size=20 type=ud align=2 words
//.declare %arg (22)  rf=r size=0 type=ud align=16 words (r26.0)
//.declare %retval (23)  rf=r size=0 type=ud align=16 words (r26.0) Output
//.declare %sp (24)  rf=r size=8 type=uq align=4 words (r125.3)
//.declare %fp (25)  rf=r size=8 type=uq align=4 words (r125.2)
//.declare %sr0 (26)  rf=r size=16 type=ud align=2 words
//.declare %cr0 (27)  rf=r size=12 type=ud align=2 words
//.declare %ce0 (28)  rf=r size=4 type=ud align=2 words
//.declare %dbg0 (29)  rf=r size=8 type=ud align=2 words
//.declare implBufPtr (31)  rf=r size=8 type=uq align=4 words (r126.0)
//.declare localIdBufPtr (32)  rf=r size=8 type=uq align=4 words (r126.3)
//.declare %msg0 (33)  rf=r size=12 type=ud align=2 words
//.declare lod (38)  rf=r size=512 type=ud align=16 words (r2.0)
//.declare res (39)  rf=r size=2048 type=ud align=16 words (r18.0)
//.declare s0 (40)  rf=r size=4 type=ud align=2 words (r127.2)
//.declare s1 (41)  rf=r size=4 type=ud align=2 words (r127.3)
//.declare s2 (42)  rf=r size=4 type=ud align=2 words (r127.4)
//.declare  (43)  rf=r size=64 type=ud align=16 words (r82.0)
//.declare  (44)  rf=r size=32 type=ud align=16 words (r84.0)
//.declare  (45)  rf=a size=4 type=ud align=4 words (a0.6)
//.declare  (46)  rf=r size=64 type=ud align=16 words (r85.0)
//.declare  (47)  rf=r size=64 type=ud align=16 words (r87.0)
//.declare  (48)  rf=r size=64 type=ud align=16 words (r89.0)
//.declare  (49)  rf=r size=64 type=ud align=16 words (r91.0)
//.declare  (50)  rf=r size=32 type=ud align=16 words (r93.0)
//.declare  (51)  rf=r size=64 type=ud align=16 words (r94.0)
//.declare  (52)  rf=a size=4 type=ud align=4 words (a0.4)
//.declare  (54)  rf=r size=64 type=ud align=16 words (r96.0)
//.declare  (55)  rf=r size=64 type=ud align=16 words (r98.0)
//.declare  (56)  rf=r size=64 type=ud align=16 words (r100.0)
//.declare  (57)  rf=a size=4 type=ud align=4 words (a0.2)
//.declare  (58)  rf=r size=64 type=ud align=16 words (r102.0)
//.declare  (60)  rf=r size=64 type=ud align=16 words (r104.0)
//.declare  (61)  rf=a size=4 type=ud align=4 words (a0.0)
//.declare  (62)  rf=r size=64 type=ud align=16 words (r106.0)
//.declare  (63)  rf=r size=64 type=ud align=16 words (r108.0)
//.declare  (64)  rf=r size=64 type=ud align=16 words (r110.0)
//.declare  (65)  rf=r size=32 type=ud align=16 words (r112.0)
//.declare  (66)  rf=r size=64 type=ud align=16 words (r113.0)
//.declare  (67)  rf=r size=64 type=ud align=16 words (r115.0)
//.declare  (68)  rf=a size=4 type=ud align=4 words (a0.0)
//.declare  (69)  rf=r size=64 type=ud align=16 words (r117.0)
//.declare  (70)  rf=r size=64 type=ud align=16 words (r119.0)
//.declare  (71)  rf=a size=4 type=ud align=4 words (a0.0)
//.declare  (72)  rf=r size=64 type=ud align=16 words (r121.0)
//.declare  (73)  rf=r size=64 type=ud align=16 words (r123.0)
//.declare  (74)  rf=r size=64 type=ud align=16 words (r125.0)
//.declare  (75)  rf=r size=64 type=ud align=16 words (r1.0)
//.declare  (76)  rf=a size=4 type=ud align=4 words (a0.0)
//.declare  (77)  rf=r size=32 type=ud align=16 words (r3.0)
//.declare  (80)  rf=r size=8 type=ud align=4 words (r127.6)

// .inputs
// +----------+----------+--------+----------+------------+
// | id       | type     |  bytes | at       | class      |
// +----------+----------+--------+----------+------------+
// | lod      | :ud x 128 |    512 | r2       | general    |
// +----------+----------+--------+----------+------------+


// B000: Preds:{},  Succs:{}
_g1_k0_0_:
(W)     mov (1|M0)               r0.2<1>:f     0.0:f                               {Compacted}       //  (0x00000000:f); $0
(W)     and (1|M0)               r0.6<1>:uw    r0.6<0;1,0>:uw    0xFFFE:uw                           // 
(W)     add (1|M0)               a0.0<1>:ud    r127.4<0;1,0>:ud  0x24CB000:ud                        // $2
        send.smpl (32|M0)        r26      r0      null    0x0            0x028CB002           {@2,$0} // wr:1h+0, rd:8; simd16 sample info using sampler index 0 // $0
(W)     send.smpl (4|M0)         r26      r0      null    0x0            0x028CB0FE           {$0} // wr:1h+0, rd:8; simd16 sample info using sampler index 0 // $1
(W)     mov (1|M0)               r0.2<1>:f     5.16575e-41:f                               {$0.src}  //  (0x00009000:f); $2
        mov (1|M0)               r82.0<1>:f    r2.0<0;1,0>:f                    {Breakpoint,Compacted} // $3
        send.smpl (16|M16)       r26      r0      null    0x0            a0.0       {@2,$0} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $2
(W)     add (1|M0)               a0.6<1>:ud    r127.1<0;1,0>:ud  0x2:ud                              // $4
(W)     mov (8|M0)               r84.0<1>:f    r3.0<8;8,1>:f                    {Breakpoint,Compacted} // $4
(W)     mov (1|M0)               r0.2<1>:f     1.14794e-41:f                               {$0.src}  //  (0x00002000:f); $3
        mov (2|M20)              r85.0<1>:f    r3.0<2;2,1>:f                    {Breakpoint}         // $7
        send.smpl (1|M0)         r30      r0      r82     0x80            0x026CA0FE           {@2,$1} // wr:1h+2, rd:6; simd16 sample res info using sampler index 0 // $3
(W)     send.smpl (8|M0)         r22      r84     null    a0.6        0x0222A0FB           {@3,$2} // wr:1+0, rd:2; simd8 sample res info using sampler index 0 // $4
(W)     mov (1|M0)               r0.2<1>:f     5.73972e-42:f                               {$1.src}  //  (0x00001000:f); $5
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x24CB000:ud                        // $6
        sync.nop                             null                             {Compacted,$1.dst}     // $5
(W)     send.smpl (2|M20)        r26      r0      null    0x0            0x026CB002           {@2,$0} // wr:1h+0, rd:6; simd16 sample info using sampler index 0 // $5
(W)     mov (1|M0)               r0.2<1>:f     5.73972e-41:f                               {$0.src}  //  (0x0000a000:f); $6
        mov (16|M0)              r87.0<1>:f    r3.0<8;8,1>:f                    {Breakpoint,Compacted} // $8
        send.smpl (2|M12)        r22      r0      null    0x0            a0.0       {@2,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $6
(W)     mov (1|M0)               r0.2<1>:f     2.29589e-41:f                               {$2.src}  //  (0x00004000:f); $7
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x26CA000:ud                        // $9
        send.smpl (2|M20)        r18      r0      r85     0x80            0x026CA0FE           {@2,$2} // wr:1h+2, rd:6; simd16 sample res info using sampler index 0 // $7
        mov (16|M16)             r89.0<1>:f    r5.0<8;8,1>:f                    {Breakpoint,Compacted} // $8
(W)     mov (1|M0)               r0.2<1>:f     5.73972e-42:f                               {$2.src}  //  (0x00001000:f); $9
        mov (4|M28)              r89.0<1>:f    r3.0<4;4,1>:f                    {Breakpoint}         // $9
        send.smpl (32|M0)        r26      r87     null    0x0            0x0424A001           {@6,$0} // wr:2+0, rd:2; simd16 sample res info using sampler index 0 // $8
        send.smpl (4|M28)        r26      r0      r89     0x80            a0.0       {@1,$0} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $9
(W)     mov (1|M0)               r0.2<1>:f     7.46163e-41:f                               {$0.src}  //  (0x0000d000:f); $10
(W)     add (1|M0)               a0.0<1>:ud    r127.4<0;1,0>:ud  0x24CB000:ud                        // $11
(W)     send.smpl (1|M0)         r30      r0      null    0x0            0x022CB0FF           {@2,$0} // wr:1h+0, rd:2; simd16 sample info using sampler index 0 // $10
(W)     mov (1|M0)               r0.2<1>:f     5.73972e-41:f                               {$0.src}  //  (0x0000a000:f); $11
        mov (16|M0)              r91.0<1>:f    r2.0<8;8,1>:f                    {Breakpoint,Compacted} // $14
        send.smpl (2|M20)        r30      r0      null    0x0            a0.0       {@2,$0} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $11
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x26CB000:ud                        // $12
(W)     mov (1|M0)               r0.2<1>:f     4.59177e-41:f                               {$0.src}  //  (0x00008000:f); $12
        mov (16|M16)             r93.0<1>:f    r4.0<8;8,1>:f                    {Breakpoint,Compacted} // $14
        send.smpl (16|M0)        r18      r0      null    0x0            a0.0       {@2,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $12
(W)     mov (1|M0)               r0.2<1>:f     3.44383e-41:f                               {$2.src}  //  (0x00006000:f); $13
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x21AA000:ud                        // $16
(W)     send.smpl (1|M0)         r30      r0      null    0x0            0x024CB001           {@2,$0} // wr:1h+0, rd:4; simd16 sample info using sampler index 0 // $13
(W)     mov (1|M0)               r0.2<1>:f     2.29589e-41:f                               {$0.src}  //  (0x00004000:f); $14
        mov (8|M0)               r93.0<1>:f    r2.0<8;8,1>:f                    {Breakpoint,Compacted} // $16
        send.smpl (32|M0)        r26      r0      r91     0x80            0x026CA002           {@2,$0} // wr:1h+2, rd:6; simd16 sample res info using sampler index 0 // $14
(W)     mov (1|M0)               r0.2<1>:f     2.86986e-41:f                               {$0.src}  //  (0x00005000:f); $15
        mov (1|M12)              r94.0<1>:f    r2.0<0;1,0>:f                    {Breakpoint}         // $19
        send.smpl (2|M28)        r30      r0      null    0x0            0x024CB002           {@2,$0} // wr:1h+0, rd:4; simd16 sample info using sampler index 0 // $15
(W)     mov (1|M0)               r0.2<1>:f     4.0178e-41:f                               {$0.src}   //  (0x00007000:f); $16
(W)     mov (4|M20)              r96.0<1>:f    r2.0<4;4,1>:f                    {Breakpoint}         // $26
        send.smpl (8|M0)         r30      r0      r93     0x40            a0.0       {@2,$0} // wr:a0.0[28:25]+1, rd:a0.0[24:20] // $16
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x26CB000:ud                        // $17
(W)     mov (1|M0)               r0.2<1>:f     4.59177e-41:f                               {$0.src}  //  (0x00008000:f); $17
(W)     mov (4|M20)              r98.0<1>:f    r3.0<4;4,1>:f                    {Breakpoint}         // $27
(W)     mov (1|M28)              r100.0<1>:f   r2.0<0;1,0>:f                    {Breakpoint}         // $28
        send.smpl (32|M0)        r30      r0      null    0x0            a0.0       {@3,$0} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $17
(W)     add (1|M0)               a0.0<1>:ud    r127.4<0;1,0>:ud  0x24CB000:ud                        // $18
(W)     mov (1|M0)               r0.2<1>:f     3.44383e-41:f                               {$0.src}  //  (0x00006000:f); $18
        mov (16|M0)              r102.0<1>:f   r2.0<8;8,1>:f                    {Breakpoint,Compacted} // $30
(W)     send.smpl (4|M0)         r18      r0      null    0x0            a0.0       {@2,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $18
(W)     mov (1|M0)               r0.2<1>:f     4.0178e-41:f                               {$2.src}   //  (0x00007000:f); $19
(W)     add (1|M0)               a0.0<1>:ud    r127.4<0;1,0>:ud  0x22CB000:ud                        // $21
        send.smpl (1|M12)        r30      r0      r94     0x80            0x022CA0FF           {@2,$0} // wr:1h+2, rd:2; simd16 sample res info using sampler index 0 // $19
(W)     mov (1|M0)               r0.2<1>:f     7.46163e-41:f                               {$0.src}  //  (0x0000d000:f); $20
        mov (16|M16)             r104.0<1>:f   r4.0<8;8,1>:f                    {Breakpoint,Compacted} // $30
        send.smpl (32|M0)        r18      r0      null    0x0            0x022CB0FE           {@2,$2} // wr:1h+0, rd:2; simd16 sample info using sampler index 0 // $20
(W)     mov (1|M0)               r0.2<1>:f     4.0178e-41:f                               {$2.src}   //  (0x00007000:f); $21
(W)     mov (1|M0)               r104.0<1>:f   r2.0<0;1,0>:f                    {Breakpoint,Compacted} // $32
(W)     send.smpl (2|M4)         r30      r0      null    0x0            a0.0       {@2,$0} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $21
(W)     add (1|M0)               a0.4<1>:ud    r127.0<0;1,0>:ud  0x2:ud                              // $22
(W)     mov (1|M0)               r0.2<1>:f     6.31369e-41:f                               {$0.src}  //  (0x0000b000:f); $22
        mov (4|M0)               r108.0<1>:f   r3.0<4;4,1>:f                    {Breakpoint}         // $36
        mov (2|M28)              r106.0<1>:f   r2.0<2;2,1>:f                    {Breakpoint}         // $34
(W)     send.smpl (16|M16)       r18      r0      null    a0.4        0x022CB0FC           {@3,$2} // wr:1h+0, rd:2; simd16 sample info using sampler index 0 // $22
(W)     mov (1|M0)               r0.2<1>:f     5.16575e-41:f                               {$2.src}  //  (0x00009000:f); $23
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x23AB000:ud                        // $24
        send.smpl (16|M0)        r18      r0      r87     0x80            0x024CA001           {@2,$2} // wr:1h+2, rd:4; simd16 sample res info using sampler index 0 // $23
(W)     mov (1|M0)               r0.2<1>:f     2.29589e-41:f                               {$2.src}  //  (0x00004000:f); $24
(W)     mov (1|M20)              r110.0<1>:f   r3.0<0;1,0>:f                    {Breakpoint}         // $37
        send.smpl (8|M0)         r18      r0      null    0x0            a0.0       {@2,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $24
(W)     mov (1|M0)               r0.2<1>:f     2.86986e-41:f                               {$2.src}  //  (0x00005000:f); $25
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x22CA000:ud                        // $26
(W)     send.smpl (4|M28)        r26      r0      null    0x0            0x024CB002           {@2,$3} // wr:1h+0, rd:4; simd16 sample info using sampler index 0 // $25
(W)     mov (1|M0)               r0.2<1>:f     6.31369e-41:f                               {$3.src}  //  (0x0000b000:f); $26
        mov (16|M0)              r113.0<1>:f   r3.0<8;8,1>:f                    {Breakpoint,Compacted} // $40
(W)     send.smpl (4|M20)        r30      r0      r96     0x80            a0.0       {@2,$0} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $26
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x24CA000:ud                        // $27
(W)     mov (1|M0)               r0.2<1>:f     1.72192e-41:f                               {$0.src}  //  (0x00003000:f); $27
        mov (16|M16)             r115.0<1>:f   r5.0<8;8,1>:f                    {Breakpoint,Compacted} // $40
(W)     send.smpl (4|M20)        r26      r0      r98     0x80            a0.0       {@2,$3} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $27
(W)     add (1|M0)               a0.2<1>:ud    r127.0<0;1,0>:ud  0x82:ud                             // $28
(W)     mov (1|M0)               r0.2<1>:f     5.73972e-42:f                               {$3.src}  //  (0x00001000:f); $28
(W)     mov (4|M0)               r115.0<1>:f   r3.0<4;4,1>:f                    {Breakpoint}         // $41
(W)     mov (1|M4)               r119.0<1>:f   r3.0<0;1,0>:f                    {Breakpoint}         // $45
(W)     send.smpl (1|M28)        r30      r0      r100    a0.2        0x026CA0FC           {@3,$0} // wr:1h+a0.2[10:6], rd:6; simd16 sample res info using sampler index 0 // $28
(W)     mov (1|M0)               r0.2<1>:f     4.0178e-41:f                               {$0.src}   //  (0x00007000:f); $29
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x22CA000:ud                        // $30
        send.smpl (1|M12)        r30      r0      null    0x0            0x022CB001           {@2,$0} // wr:1h+0, rd:2; simd16 sample info using sampler index 0 // $29
(W)     mov (1|M0)               r0.2<1>:f     6.31369e-41:f                               {$0.src}  //  (0x0000b000:f); $30
        mov (8|M0)               r112.0<1>:f   r3.0<8;8,1>:f                    {Breakpoint,Compacted} // $39
        send.smpl (32|M0)        r18      r0      r102    0x80            a0.0       {@2,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $30
(W)     add (1|M0)               a0.0<1>:ud    r127.4<0;1,0>:ud  0x24CA000:ud                        // $31
(W)     mov (1|M0)               r0.2<1>:f     2.86986e-41:f                               {$2.src}  //  (0x00005000:f); $31
(W)     mov (1|M0)               r117.0<1>:f   r3.0<0;1,0>:f                    {Breakpoint,Compacted} // $44
        mov (16|M0)              r121.0<1>:f   r3.0<8;8,1>:f                    {Breakpoint,Compacted} // $46
        send.smpl (16|M0)        r18      r0      r87     0x80            a0.0       {@3,$2} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $31
(W)     send.smpl (1|M0)         r22      r104    null    a0.4        0x0464A0FC           {$3} // wr:2+0, rd:6; simd16 sample res info using sampler index 0 // $32
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x26CB000:ud                        // $33
(W)     mov (1|M0)               r0.2<1>:f     4.59177e-41:f                               {$2.src}  //  (0x00008000:f); $33
        send.smpl (2|M28)        r18      r106    null    0x0            0x0424A0FF           {$2} // wr:2+0, rd:2; simd16 sample res info using sampler index 0 // $34
        mov (16|M16)             r123.0<1>:f   r5.0<8;8,1>:f                    {Breakpoint,Compacted} // $46
        send.smpl (32|M0)        r22      r0      null    0x0            a0.0       {@2,$3} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $33
(W)     mov (1|M0)               r0.2<1>:f     1.72192e-41:f                               {$3.src}  //  (0x00003000:f); $35
(W)     add (1|M0)               a0.0<1>:ud    r127.4<0;1,0>:ud  0x26CA000:ud                        // $40
        send.smpl (2|M12)        r26      r0      null    0x0            0x024CB001           {@2,$3} // wr:1h+0, rd:4; simd16 sample info using sampler index 0 // $35
(W)     mov (1|M0)               r0.2<1>:f     4.0178e-41:f                               {$3.src}   //  (0x00007000:f); $36
        send.smpl (8|M0)         r22      r112    null    0x0            0x0232A002           {@7,$4} // wr:1+0, rd:3; simd8 sample res info using sampler index 0 // $39
        send.smpl (4|M0)         r30      r0      r108    0x80            0x022CA0FE           {@1,$0} // wr:1h+2, rd:2; simd16 sample res info using sampler index 0 // $36
(W)     mov (1|M0)               r0.2<1>:f     3.44383e-41:f                               {$0.src}  //  (0x00006000:f); $37
(W)     send.smpl (1|M0)         r22      r117    null    0x0            0x0424A002           {@7,$4} // wr:2+0, rd:2; simd16 sample res info using sampler index 0 // $44
(W)     send.smpl (1|M20)        r18      r0      r110    0x80            0x024CA001           {@1,$2} // wr:1h+2, rd:4; simd16 sample res info using sampler index 0 // $37
(W)     mov (1|M0)               r0.2<1>:f     4.0178e-41:f                               {$2.src}   //  (0x00007000:f); $38
        send.smpl (32|M0)        r22      r121    null    0x0            0x0424A001           {@7,$4} // wr:2+0, rd:2; simd16 sample res info using sampler index 0 // $46
        send.smpl (32|M0)        r18      r0      null    0x0            0x022CB002           {@1,$2} // wr:1h+0, rd:2; simd16 sample info using sampler index 0 // $38
(W)     mov (1|M0)               r0.2<1>:f     5.73972e-42:f                               {$2.src}  //  (0x00001000:f); $40
(W)     mov (1|M16)              r123.0<1>:f   r3.0<0;1,0>:f                    {Breakpoint}         // $49
        sync.nop                             null                             {Compacted,$0.dst}     // $40
        send.smpl (32|M0)        r26      r0      r113    0x80            a0.0       {@2,$3} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $40
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x24CA000:ud                        // $41
(W)     mov (1|M0)               r0.2<1>:f     1.72192e-41:f                               {$3.src}  //  (0x00003000:f); $41
        mov (1|M28)              r125.0<1>:f   r2.0<0;1,0>:f                    {Breakpoint}         // $50
        mov (1|M16)              r1.0<1>:f     r3.0<0;1,0>:f                    {Breakpoint}         // $53
(W)     send.smpl (4|M0)         r26      r0      r115    0x80            a0.0       {@3,$3} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $41
(W)     mov (1|M0)               r0.2<1>:f     6.88766e-41:f                               {$3.src}  //  (0x0000c000:f); $42
(W)     mov (8|M0)               r3.0<1>:f     0.0:f                               {Compacted}       //  (0x00000000:f); $57
(W)     send.smpl (1|M12)        r26      r0      null    0x0            0x024CB002           {@2,$3} // wr:1h+0, rd:4; simd16 sample info using sampler index 0 // $42
(W)     mov (1|M0)               r0.2<1>:f     5.73972e-42:f                               {$3.src}  //  (0x00001000:f); $43
(W)     send.smpl (2|M0)         r26      r0      null    a0.4        0x026CB0FC           {@1,$3} // wr:1h+0, rd:6; simd16 sample info using sampler index 0 // $43
(W)     mov (1|M0)               r0.2<1>:f     5.73972e-41:f                               {$3.src}  //  (0x0000a000:f); $45
(W)     send.smpl (1|M4)         r26      r0      r119    a0.2        0x024CA0FC           {@1,$3} // wr:1h+a0.2[10:6], rd:4; simd16 sample res info using sampler index 0 // $45
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x26CB000:ud                        // $47
(W)     mov (1|M0)               r0.2<1>:f     2.29589e-41:f                               {$3.src}  //  (0x00004000:f); $47
        sync.nop                             null                             {Compacted,$3.dst}     // $47
        send.smpl (1|M16)        r22      r0      null    0x0            a0.0       {@1,$4} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $47
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x24CB000:ud                        // $48
(W)     mov (1|M0)               r0.2<1>:f     5.16575e-41:f                               {$4.src}  //  (0x00009000:f); $48
        send.smpl (1|M28)        r30      r0      null    0x0            a0.0       {@1,$5} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $48
(W)     mov (1|M0)               r0.2<1>:f     6.31369e-41:f                               {$5.src}  //  (0x0000b000:f); $49
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x26CA000:ud                        // $53
(W)     send.smpl (1|M16)        r22      r0      r123    0x80            0x022CA001           {@2,$4} // wr:1h+2, rd:2; simd16 sample res info using sampler index 0 // $49
(W)     mov (1|M0)               r0.2<1>:f     3.44383e-41:f                               {$4.src}  //  (0x00006000:f); $50
        send.smpl (1|M28)        r30      r0      r125    0x80            0x024CA001           {@1,$5} // wr:1h+2, rd:4; simd16 sample res info using sampler index 0 // $50
(W)     mov (1|M0)               r0.2<1>:f     1.14794e-41:f                               {$5.src}  //  (0x00002000:f); $51
(W)     send.smpl (1|M12)        r26      r0      null    0x0            0x026CB0FE           {@1,$5} // wr:1h+0, rd:6; simd16 sample info using sampler index 0 // $51
(W)     mov (1|M0)               r0.2<1>:f     6.88766e-41:f                               {$5.src}  //  (0x0000c000:f); $52
        send.smpl (16|M0)        r22      r0      null    0x0            0x024CB002           {@1,$4} // wr:1h+0, rd:4; simd16 sample info using sampler index 0 // $52
(W)     mov (1|M0)               r0.2<1>:f     1.14794e-41:f                               {$4.src}  //  (0x00002000:f); $53
        send.smpl (1|M16)        r26      r0      r1      0x80            a0.0       {@1,$5} // wr:a0.0[28:25]+2, rd:a0.0[24:20] // $53
(W)     mov (1|M0)               r0.2<1>:f     0.0:f                               {Compacted,$5.src} //  (0x00000000:f); $54
        sync.nop                             null                             {Compacted,$4.dst}     // $54
        send.smpl (4|M16)        r18      r0      null    0x0            0x028CB002           {@1,$2} // wr:1h+0, rd:8; simd16 sample info using sampler index 0 // $54
(W)     mov (1|M0)               r0.2<1>:f     8.03561e-41:f                               {$2.src}  //  (0x0000e000:f); $55
        send.smpl (32|M0)        r26      r0      null    a0.6        0x022CB0FB           {@1,$5} // wr:1h+0, rd:2; simd16 sample info using sampler index 0 // $55
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x21AB000:ud                        // $56
(W)     mov (1|M0)               r0.2<1>:f     7.46163e-41:f                               {$5.src}  //  (0x0000d000:f); $56
(W)     send.smpl (8|M0)         r22      r0      null    0x0            a0.0       {@1,$2} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $56
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x224B000:ud                        // $57
(W)     mov (1|M0)               r0.2<1>:f     5.16575e-41:f                               {$2.src}  //  (0x00009000:f); $58
        send.smpl (32|M0)        r26      r3      null    0x0            a0.0       {$5} // wr:a0.0[28:25]+0, rd:a0.0[24:20] // $57
(W)     add (1|M0)               a0.0<1>:ud    r127.4<0;1,0>:ud  0x22AA000:ud                        // $58
        send.smpl (8|M0)         r26      r0      r93     0x40            a0.0       {@2,$5} // wr:a0.0[28:25]+1, rd:a0.0[24:20] // $58
(W)     mov (1|M0)               r0.2<1>:f     3.44383e-41:f                               {$5.src}  //  (0x00006000:f); $59
        send.smpl (8|M0)         r26      r0      r112    0x40            0x022AA0FF           {@1,$5} // wr:1h+1, rd:2; simd8 sample res info using sampler index 0 // $59
        sync.nop                             null                             {Compacted,$5.dst}     // $60
        ret (32|M0)                          r127.6                           {@1,$2.dst}            // $60


//.BankConflicts: 0
//.BankConflicts.SameBank: 0
//.BankConflicts.TwoSrc: 0
//.SIMD16ReadSuppressions: 0
//.SIMD8s: 185
//
//.RMWs: 0
//
//.accSubDef: 0
//.accSubUse: 0
//.accSubCandidateDef: 0
//.accSubCandidateUse: 0
