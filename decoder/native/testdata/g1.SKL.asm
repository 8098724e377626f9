//.kernel g1
//.platform SKL
//.thread_config numGRF=128, numAcc=2
//.options_string "-platform SKL -output -asmOutput g1.SKL "
//.full_options "-TotalGRFNum 128 -output -asmOutput g1.SKL -platform SKL "
//.instCount 169
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
(W)     add (1|M0)               a0.0<1>:ud    r127.4<0;1,0>:ud  0x24CB000:ud                        // $2
(W)     mov (1|M0)               r0.2<1>:ud    0x0:ud                              {Compacted}       // $0
        mov (1|M0)               r82.0<1>:ud   r2.0<0;1,0>:ud                   {Breakpoint}         // $3
        send (32|M0)             r26      r0      0x2            0x028CB002           // wr:1h+0, rd:8; sampler; simd16 sample info using sampler index 0 // $0
(W)     mov (8|M0)               r84.0<1>:ud   r3.0<8;8,1>:ud                   {Breakpoint,Compacted} // $4
(W)     send (4|M0)              r26      r0      0x2            0x028CB0FE           // wr:1h+0, rd:8; sampler; simd16 sample info using sampler index 0 // $1
(W)     mov (1|M0)               r0.2<1>:ud    0x9000:ud                                             // $2
        mov (2|M20)              r85.0<1>:ud   r3.0<2;2,1>:ud                   {Breakpoint}         // $7
        send (16|M16)            r26:w    r0      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $2
(W)     mov (1|M0)               r0.2<1>:ud    0x2000:ud                                             // $3
(W)     add (1|M0)               a0.6<1>:ud    r127.1<0;1,0>:ud  0x2:ud                              // $4
        sends (1|M0)             r30:ud   r0      r82     0x82            0x026CA0FE           // wr:1h+2, rd:6; sampler; simd16 sample res info using sampler index 0 // $3
(W)     mov (1|M0)               r0.2<1>:ud    0x1000:ud                                             // $5
(W)     sends (8|M0)             r22:ud   r84     null    a0.6        0x0222A0FB           // wr:1+0, rd:2; sfid a0.6[3:0]; ? // $4
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x24CB000:ud                        // $6
(W)     send (2|M20)             r26      r0      0x2            0x026CB002           // wr:1h+0, rd:6; sampler; simd16 sample info using sampler index 0 // $5
(W)     mov (1|M0)               r0.2<1>:ud    0xA000:ud                                             // $6
        mov (16|M0)              r87.0<1>:ud   r3.0<8;8,1>:ud                   {Breakpoint,Compacted} // $8
        send (2|M12)             r22      r0      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $6
(W)     mov (1|M0)               r0.2<1>:ud    0x4000:ud                                             // $7
        mov (16|M16)             r89.0<1>:ud   r5.0<8;8,1>:ud                   {Breakpoint}         // $8
        sends (2|M20)            r18:ud   r0      r85     0x82            0x026CA0FE           // wr:1h+2, rd:6; sampler; simd16 sample res info using sampler index 0 // $7
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x26CA000:ud                        // $9
        mov (4|M28)              r89.0<1>:ud   r3.0<4;4,1>:ud                   {Breakpoint}         // $9
(W)     mov (1|M0)               r0.2<1>:ud    0x1000:ud                                             // $9
        sends (32|M0)            r26:ud   r87     null    0x2            0x0424A001           // wr:2+0, rd:2; sampler; simd16 sample res info using sampler index 0 // $8
        mov (16|M0)              r91.0<1>:ud   r2.0<8;8,1>:ud                   {Breakpoint,Compacted} // $14
        sends (4|M28)            r26:ud   r0      r89     0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $9
(W)     mov (1|M0)               r0.2<1>:ud    0xD000:ud                                             // $10
(W)     add (1|M0)               a0.0<1>:ud    r127.4<0;1,0>:ud  0x24CB000:ud                        // $11
(W)     send (1|M0)              r30      r0      0x2            0x022CB0FF           // wr:1h+0, rd:2; sampler; simd16 sample info using sampler index 0 // $10
(W)     mov (1|M0)               r0.2<1>:ud    0xA000:ud                                             // $11
        mov (16|M16)             r93.0<1>:ud   r4.0<8;8,1>:ud                   {Breakpoint}         // $14
        send (2|M20)             r30      r0      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $11
(W)     mov (1|M0)               r0.2<1>:ud    0x8000:ud                                             // $12
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x26CB000:ud                        // $12
        mov (8|M0)               r93.0<1>:ud   r2.0<8;8,1>:ud                   {Breakpoint,Compacted} // $16
        send (16|M0)             r18:w    r0      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $12
(W)     mov (1|M0)               r0.2<1>:ud    0x6000:ud                                             // $13
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x21AA000:ud                        // $16
(W)     send (1|M0)              r30      r0      0x2            0x024CB001           // wr:1h+0, rd:4; sampler; simd16 sample info using sampler index 0 // $13
(W)     mov (1|M0)               r0.2<1>:ud    0x4000:ud                                             // $14
        mov (1|M12)              r94.0<1>:ud   r2.0<0;1,0>:ud                   {Breakpoint}         // $19
        sends (32|M0)            r26:ud   r0      r91     0x82            0x026CA002           // wr:1h+2, rd:6; sampler; simd16 sample res info using sampler index 0 // $14
(W)     mov (1|M0)               r0.2<1>:ud    0x5000:ud                                             // $15
(W)     mov (4|M20)              r96.0<1>:ud   r2.0<4;4,1>:ud                   {Breakpoint}         // $26
        send (2|M28)             r30      r0      0x2            0x024CB002           // wr:1h+0, rd:4; sampler; simd16 sample info using sampler index 0 // $15
(W)     mov (1|M0)               r0.2<1>:ud    0x7000:ud                                             // $16
(W)     mov (4|M20)              r98.0<1>:ud   r3.0<4;4,1>:ud                   {Breakpoint}         // $27
        sends (8|M0)             r30:ud   r0      r93     0x42            a0.0       // wr:a0.0[28:25]+1, rd:a0.0[24:20]; sampler // $16
(W)     mov (1|M0)               r0.2<1>:ud    0x8000:ud                                             // $17
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x26CB000:ud                        // $17
(W)     mov (1|M28)              r100.0<1>:ud  r2.0<0;1,0>:ud                   {Breakpoint}         // $28
        send (32|M0)             r30      r0      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $17
(W)     mov (1|M0)               r0.2<1>:ud    0x6000:ud                                             // $18
(W)     add (1|M0)               a0.0<1>:ud    r127.4<0;1,0>:ud  0x24CB000:ud                        // $18
        mov (16|M0)              r102.0<1>:ud  r2.0<8;8,1>:ud                   {Breakpoint,Compacted} // $30
(W)     send (4|M0)              r18      r0      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $18
(W)     mov (1|M0)               r0.2<1>:ud    0x7000:ud                                             // $19
(W)     add (1|M0)               a0.0<1>:ud    r127.4<0;1,0>:ud  0x22CB000:ud                        // $21
        sends (1|M12)            r30:ud   r0      r94     0x82            0x022CA0FF           // wr:1h+2, rd:2; sampler; simd16 sample res info using sampler index 0 // $19
(W)     mov (1|M0)               r0.2<1>:ud    0xD000:ud                                             // $20
        mov (16|M16)             r104.0<1>:ud  r4.0<8;8,1>:ud                   {Breakpoint}         // $30
        send (32|M0)             r18      r0      0x2            0x022CB0FE           // wr:1h+0, rd:2; sampler; simd16 sample info using sampler index 0 // $20
(W)     mov (1|M0)               r0.2<1>:ud    0x7000:ud                                             // $21
(W)     mov (1|M0)               r104.0<1>:ud  r2.0<0;1,0>:ud                   {Breakpoint,Compacted} // $32
(W)     send (2|M4)              r30      r0      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $21
(W)     mov (1|M0)               r0.2<1>:ud    0xB000:ud                                             // $22
(W)     add (1|M0)               a0.4<1>:ud    r127.0<0;1,0>:ud  0x2:ud              {Compacted}     // $22
        mov (4|M0)               r108.0<1>:ud  r3.0<4;4,1>:ud                   {Breakpoint,Compacted} // $36
(W)     sends (16|M16)           r18:w    r0      null    a0.4        0x022CB0FC           // wr:1h+0, rd:2; sfid a0.4[3:0]; ? // $22
(W)     mov (1|M0)               r0.2<1>:ud    0x9000:ud                                             // $23
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x23AB000:ud                        // $24
        sends (16|M0)            r18:w    r0      r87     0x82            0x024CA001           // wr:1h+2, rd:4; sampler; simd16 sample res info using sampler index 0 // $23
(W)     mov (1|M0)               r0.2<1>:ud    0x4000:ud                                             // $24
        mov (2|M28)              r106.0<1>:ud  r2.0<2;2,1>:ud                   {Breakpoint}         // $34
        send (8|M0)              r18      r0      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $24
(W)     mov (1|M0)               r0.2<1>:ud    0x5000:ud                                             // $25
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x22CA000:ud                        // $26
(W)     send (4|M28)             r26      r0      0x2            0x024CB002           // wr:1h+0, rd:4; sampler; simd16 sample info using sampler index 0 // $25
(W)     mov (1|M0)               r0.2<1>:ud    0xB000:ud                                             // $26
(W)     mov (1|M20)              r110.0<1>:ud  r3.0<0;1,0>:ud                   {Breakpoint}         // $37
(W)     sends (4|M20)            r30:ud   r0      r96     0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $26
(W)     mov (1|M0)               r0.2<1>:ud    0x3000:ud                                             // $27
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x24CA000:ud                        // $27
        mov (16|M0)              r113.0<1>:ud  r3.0<8;8,1>:ud                   {Breakpoint,Compacted} // $40
(W)     sends (4|M20)            r26:ud   r0      r98     0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $27
(W)     mov (1|M0)               r0.2<1>:ud    0x1000:ud                                             // $28
(W)     add (1|M0)               a0.2<1>:ud    r127.0<0;1,0>:ud  0x82:ud              {Compacted}    // $28
        mov (16|M16)             r115.0<1>:ud  r5.0<8;8,1>:ud                   {Breakpoint}         // $40
(W)     sends (1|M28)            r30:ud   r0      r100    a0.2        0x026CA0FC           // wr:1h+a0.2[10:6], rd:6; sfid a0.2[3:0]; ? // $28
(W)     mov (1|M0)               r0.2<1>:ud    0x7000:ud                                             // $29
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x22CA000:ud                        // $30
        send (1|M12)             r30      r0      0x2            0x022CB001           // wr:1h+0, rd:2; sampler; simd16 sample info using sampler index 0 // $29
(W)     mov (1|M0)               r0.2<1>:ud    0xB000:ud                                             // $30
(W)     mov (4|M0)               r115.0<1>:ud  r3.0<4;4,1>:ud                   {Breakpoint,Compacted} // $41
        sends (32|M0)            r18:ud   r0      r102    0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $30
(W)     mov (1|M0)               r0.2<1>:ud    0x5000:ud                                             // $31
(W)     add (1|M0)               a0.0<1>:ud    r127.4<0;1,0>:ud  0x24CA000:ud                        // $31
(W)     mov (1|M0)               r119.0<1>:ud  r3.0<0;1,0>:ud                   {Breakpoint,Compacted} // $45
        sends (16|M0)            r18:w    r0      r87     0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $31
(W)     mov (1|M0)               r0.2<1>:ud    0x8000:ud                                             // $33
(W)     sends (1|M0)             r22:ud   r104    null    a0.4        0x0464A0FC           // wr:2+0, rd:6; sfid a0.4[3:0]; ? // $32
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x26CB000:ud                        // $33
        sends (2|M28)            r18:ud   r106    null    0x2            0x0424A0FF           // wr:2+0, rd:2; sampler; simd16 sample res info using sampler index 0 // $34
        mov (8|M0)               r112.0<1>:ud  r3.0<8;8,1>:ud                   {Breakpoint,Compacted} // $39
        send (32|M0)             r22      r0      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $33
(W)     mov (1|M0)               r0.2<1>:ud    0x3000:ud                                             // $35
(W)     add (1|M0)               a0.0<1>:ud    r127.4<0;1,0>:ud  0x26CA000:ud                        // $40
        send (2|M12)             r26      r0      0x2            0x024CB001           // wr:1h+0, rd:4; sampler; simd16 sample info using sampler index 0 // $35
(W)     mov (1|M0)               r0.2<1>:ud    0x7000:ud                                             // $36
(W)     mov (1|M0)               r117.0<1>:ud  r3.0<0;1,0>:ud                   {Breakpoint,Compacted} // $44
        sends (4|M0)             r30:ud   r0      r108    0x82            0x022CA0FE           // wr:1h+2, rd:2; sampler; simd16 sample res info using sampler index 0 // $36
(W)     mov (1|M0)               r0.2<1>:ud    0x6000:ud                                             // $37
        mov (16|M0)              r121.0<1>:ud  r3.0<8;8,1>:ud                   {Breakpoint,Compacted} // $46
(W)     sends (1|M20)            r18:ud   r0      r110    0x82            0x024CA001           // wr:1h+2, rd:4; sampler; simd16 sample res info using sampler index 0 // $37
(W)     mov (1|M0)               r0.2<1>:ud    0x7000:ud                                             // $38
        sends (8|M0)             r22:ud   r112    null    0x2            0x0232A002           // wr:1+0, rd:3; sampler; simd8 sample res info using sampler index 0 // $39
        send (32|M0)             r18      r0      0x2            0x022CB002           // wr:1h+0, rd:2; sampler; simd16 sample info using sampler index 0 // $38
(W)     mov (1|M0)               r0.2<1>:ud    0x1000:ud                                             // $40
(W)     sends (1|M0)             r22:ud   r117    null    0x2            0x0424A002           // wr:2+0, rd:2; sampler; simd16 sample res info using sampler index 0 // $44
        sends (32|M0)            r26:ud   r0      r113    0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $40
(W)     mov (1|M0)               r0.2<1>:ud    0x3000:ud                                             // $41
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x24CA000:ud                        // $41
        sends (32|M0)            r22:ud   r121    null    0x2            0x0424A001           // wr:2+0, rd:2; sampler; simd16 sample res info using sampler index 0 // $46
        mov (16|M16)             r123.0<1>:ud  r5.0<8;8,1>:ud                   {Breakpoint}         // $46
(W)     sends (4|M0)             r26:ud   r0      r115    0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $41
(W)     mov (1|M0)               r0.2<1>:ud    0xC000:ud                                             // $42
(W)     mov (1|M16)              r123.0<1>:ud  r3.0<0;1,0>:ud                   {Breakpoint}         // $49
(W)     send (1|M12)             r26      r0      0x2            0x024CB002           // wr:1h+0, rd:4; sampler; simd16 sample info using sampler index 0 // $42
(W)     mov (1|M0)               r0.2<1>:ud    0x1000:ud                                             // $43
        mov (1|M28)              r125.0<1>:ud  r2.0<0;1,0>:ud                   {Breakpoint}         // $50
(W)     sends (2|M0)             r26:ud   r0      null    a0.4        0x026CB0FC           // wr:1h+0, rd:6; sfid a0.4[3:0]; ? // $43
(W)     mov (1|M0)               r0.2<1>:ud    0xA000:ud                                             // $45
        mov (1|M16)              r1.0<1>:ud    r3.0<0;1,0>:ud                   {Breakpoint}         // $53
(W)     sends (1|M4)             r26:ud   r0      r119    a0.2        0x024CA0FC           // wr:1h+a0.2[10:6], rd:4; sfid a0.2[3:0]; ? // $45
(W)     mov (1|M0)               r0.2<1>:ud    0x4000:ud                                             // $47
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x26CB000:ud                        // $47
(W)     mov (8|M0)               r3.0<1>:ud    0x0:ud                              {Compacted}       // $57
        send (1|M16)             r22      r0      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $47
(W)     mov (1|M0)               r0.2<1>:ud    0x9000:ud                                             // $48
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x24CB000:ud                        // $48
        send (1|M28)             r30      r0      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $48
(W)     mov (1|M0)               r0.2<1>:ud    0xB000:ud                                             // $49
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x26CA000:ud                        // $53
(W)     sends (1|M16)            r22:ud   r0      r123    0x82            0x022CA001           // wr:1h+2, rd:2; sampler; simd16 sample res info using sampler index 0 // $49
(W)     mov (1|M0)               r0.2<1>:ud    0x6000:ud                                             // $50
        sends (1|M28)            r30:ud   r0      r125    0x82            0x024CA001           // wr:1h+2, rd:4; sampler; simd16 sample res info using sampler index 0 // $50
(W)     mov (1|M0)               r0.2<1>:ud    0x2000:ud                                             // $51
(W)     send (1|M12)             r26      r0      0x2            0x026CB0FE           // wr:1h+0, rd:6; sampler; simd16 sample info using sampler index 0 // $51
(W)     mov (1|M0)               r0.2<1>:ud    0xC000:ud                                             // $52
        send (16|M0)             r22:w    r0      0x2            0x024CB002           // wr:1h+0, rd:4; sampler; simd16 sample info using sampler index 0 // $52
(W)     mov (1|M0)               r0.2<1>:ud    0x2000:ud                                             // $53
        sends (1|M16)            r26:ud   r0      r1      0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $53
(W)     mov (1|M0)               r0.2<1>:ud    0x0:ud                              {Compacted}       // $54
        send (4|M16)             r18      r0      0x2            0x028CB002           // wr:1h+0, rd:8; sampler; simd16 sample info using sampler index 0 // $54
(W)     mov (1|M0)               r0.2<1>:ud    0xE000:ud                                             // $55
        sends (32|M0)            r26:ud   r0      null    a0.6        0x022CB0FB           // wr:1h+0, rd:2; sfid a0.6[3:0]; ? // $55
(W)     mov (1|M0)               r0.2<1>:ud    0xD000:ud                                             // $56
(W)     add (1|M0)               a0.0<1>:ud    r127.3<0;1,0>:ud  0x21AB000:ud                        // $56
(W)     send (8|M0)              r22      r0      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $56
(W)     add (1|M0)               a0.0<1>:ud    r127.2<0;1,0>:ud  0x224B000:ud                        // $57
(W)     mov (1|M0)               r0.2<1>:ud    0x9000:ud                                             // $58
        send (32|M0)             r26      r3      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $57
(W)     add (1|M0)               a0.0<1>:ud    r127.4<0;1,0>:ud  0x22AA000:ud                        // $58
        sends (8|M0)             r26:ud   r0      r93     0x42            a0.0       // wr:a0.0[28:25]+1, rd:a0.0[24:20]; sampler // $58
(W)     mov (1|M0)               r0.2<1>:ud    0x6000:ud                                             // $59
        sends (8|M0)             r26:ud   r0      r112    0x42            0x022AA0FF           // wr:1h+1, rd:2; sampler; simd8 sample res info using sampler index 0 // $59
        ret (32|M0)                          r127.6:ud                                               // $60
// Bank Conflict Statistics: 
// -- GOOD: 0
// --  BAD: 0
// --   OK: 0
//.accSubDef: 0
//.accSubUse: 0
//.accSubCandidateDef: 0
//.accSubCandidateUse: 0
