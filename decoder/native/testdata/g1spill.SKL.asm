//.kernel g1spill
//.platform SKL
//.thread_config numGRF=128, numAcc=2
//.options_string "-platform SKL -output -asmOutput g1spill.SKL "
//.full_options "-TotalGRFNum 128 -output -asmOutput g1spill.SKL -platform SKL "
//.instCount 188
//.RA type	GRAPH_COLORING_SPILL_RR_RA
//.spill size 4096
//.spill GRF est. ref count 60

//.declare BuiltInR0 (0)  rf=r size=32 type=ud align=16 words (r0.0)
//.declare  (1)  rf=r size=32 type=ud alias=BuiltInR0+0 align=16 words (r0.0)
//.declare BuiltinA0 (2)  rf=a size=4 type=ud align=1 words (a0.0)
//.declare BuiltinA0Dot2 (3)  rf=a size=4 type=ud align=1 words (a0.2)
//.declare %bss (5)  rf=r size=4 type=ud align=2 words (r0.0)
//.declare samplerHeader (7)  rf=r size=32 type=ud align=16 words (r1.0)
//.declare TSS (8)  rf=r size=4 type=ud align=2 words (r0.0)
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
//.declare res (39)  rf=r size=4096 type=ud align=16 words (spilled -> Scratch[0x32])
//.declare s0 (40)  rf=r size=4 type=ud align=2 words (r0.0)
//.declare s1 (41)  rf=r size=4 type=ud align=2 words (r0.0)
//.declare s2 (42)  rf=r size=4 type=ud align=2 words (r0.0)
//.declare  (43)  rf=r size=64 type=ud align=16 words (r64.0)
//.declare  (44)  rf=r size=32 type=ud align=16 words (r102.0)
//.declare  (45)  rf=a size=4 type=ud align=4 words (a0.6)
//.declare  (46)  rf=r size=64 type=ud align=16 words (r62.0)
//.declare  (47)  rf=r size=64 type=ud align=16 words (r19.0)
//.declare  (48)  rf=r size=64 type=ud align=16 words (r78.0)
//.declare  (49)  rf=r size=64 type=ud align=16 words (r72.0)
//.declare  (50)  rf=r size=32 type=ud align=16 words (r18.0)
//.declare  (51)  rf=r size=64 type=ud align=16 words (r60.0)
//.declare  (52)  rf=a size=4 type=ud align=4 words (a0.4)
//.declare  (54)  rf=r size=64 type=ud align=16 words (r84.0)
//.declare  (55)  rf=r size=64 type=ud align=16 words (r82.0)
//.declare  (56)  rf=r size=64 type=ud align=16 words (r80.0)
//.declare  (57)  rf=a size=4 type=ud align=4 words (a0.2)
//.declare  (58)  rf=r size=64 type=ud align=16 words (r70.0)
//.declare  (60)  rf=r size=64 type=ud align=16 words (r58.0)
//.declare  (61)  rf=a size=4 type=ud align=4 words (a0.0)
//.declare  (62)  rf=r size=64 type=ud align=16 words (r56.0)
//.declare  (63)  rf=r size=64 type=ud align=16 words (r54.0)
//.declare  (64)  rf=r size=64 type=ud align=16 words (r52.0)
//.declare  (65)  rf=r size=32 type=ud align=16 words (r101.0)
//.declare  (66)  rf=r size=64 type=ud align=16 words (r68.0)
//.declare  (67)  rf=r size=64 type=ud align=16 words (r76.0)
//.declare  (68)  rf=a size=4 type=ud align=4 words (a0.0)
//.declare  (69)  rf=r size=64 type=ud align=16 words (r50.0)
//.declare  (70)  rf=r size=64 type=ud align=16 words (r48.0)
//.declare  (71)  rf=a size=4 type=ud align=4 words (a0.0)
//.declare  (72)  rf=r size=64 type=ud align=16 words (r66.0)
//.declare  (73)  rf=r size=64 type=ud align=16 words (r46.0)
//.declare  (74)  rf=r size=64 type=ud align=16 words (r44.0)
//.declare  (75)  rf=r size=64 type=ud align=16 words (r74.0)
//.declare  (76)  rf=a size=4 type=ud align=4 words (a0.0)
//.declare  (77)  rf=r size=32 type=ud align=16 words (r86.0)
//.declare  (80)  rf=r size=8 type=ud align=4 words (r0.0)
//.declare SP_GRF_res_0 (126)  rf=r size=256 type=ud align=16 words (r36.0)
//.declare SP_GRF_res_1 (127)  rf=r size=256 type=ud align=16 words (r28.0)
//.declare SP_GRF_res_2 (128)  rf=r size=128 type=ud align=16 words (r24.0)
//.declare SP_GRF_res_3 (129)  rf=r size=192 type=ud align=16 words (r18.0)
//.declare SP_GRF_res_4 (130)  rf=r size=64 type=ud align=16 words (r121.0)
//.declare SP_GRF_res_5 (131)  rf=r size=192 type=ud align=16 words (r115.0)
//.declare SP_GRF_res_6 (132)  rf=r size=128 type=ud align=16 words (r111.0)
//.declare SP_GRF_res_7 (133)  rf=r size=192 type=ud align=16 words (r105.0)
//.declare SP_GRF_res_8 (134)  rf=r size=64 type=ud align=16 words (r103.0)
//.declare SP_GRF_res_9 (135)  rf=r size=192 type=ud align=16 words (r97.0)
//.declare SP_GRF_res_10 (136)  rf=r size=64 type=ud align=16 words (r95.0)
//.declare SP_GRF_res_11 (137)  rf=r size=128 type=ud align=16 words (r91.0)
//.declare SP_GRF_res_12 (138)  rf=r size=192 type=ud align=16 words (r85.0)
//.declare SP_GRF_res_13 (139)  rf=r size=128 type=ud align=16 words (r81.0)
//.declare SP_GRF_res_14 (140)  rf=r size=192 type=ud align=16 words (r75.0)
//.declare SP_GRF_res_15 (141)  rf=r size=128 type=ud align=16 words (r71.0)
//.declare SP_GRF_res_16 (142)  rf=r size=32 type=ud align=16 words (r70.0)
//.declare SP_GRF_res_17 (143)  rf=r size=192 type=ud align=16 words (r64.0)
//.declare SP_GRF_res_18 (144)  rf=r size=128 type=ud align=16 words (r60.0)
//.declare SP_GRF_res_19 (145)  rf=r size=64 type=ud align=16 words (r58.0)
//.declare SP_GRF_res_20 (146)  rf=r size=64 type=ud align=16 words (r56.0)
//.declare SP_GRF_res_21 (147)  rf=r size=64 type=ud align=16 words (r54.0)
//.declare SP_GRF_res_22 (148)  rf=r size=64 type=ud align=16 words (r52.0)
//.declare SP_GRF_res_23 (149)  rf=r size=128 type=ud align=16 words (r48.0)
//.declare SP_GRF_res_24 (150)  rf=r size=96 type=ud align=16 words (r45.0)
//.declare SP_GRF_res_25 (151)  rf=r size=128 type=ud align=16 words (r41.0)
//.declare SP_GRF_res_26 (152)  rf=r size=64 type=ud align=16 words (r39.0)
//.declare SP_GRF_res_27 (153)  rf=r size=128 type=ud align=16 words (r35.0)
//.declare SP_GRF_res_28 (154)  rf=r size=192 type=ud align=16 words (r29.0)
//.declare SP_GRF_res_29 (155)  rf=r size=64 type=ud align=16 words (r27.0)
//.declare SP_GRF_res_30 (156)  rf=r size=64 type=ud align=16 words (r25.0)
//.declare SP_GRF_res_31 (157)  rf=r size=128 type=ud align=16 words (r21.0)
//.declare SP_GRF_res_32 (158)  rf=r size=192 type=ud align=16 words (r121.0)
//.declare SP_GRF_res_33 (159)  rf=r size=192 type=ud align=16 words (r115.0)
//.declare SP_GRF_res_34 (160)  rf=r size=64 type=ud align=16 words (r113.0)
//.declare SP_GRF_res_35 (161)  rf=r size=128 type=ud align=16 words (r109.0)
//.declare SP_GRF_res_36 (162)  rf=r size=64 type=ud align=16 words (r107.0)
//.declare SP_GRF_res_37 (163)  rf=r size=128 type=ud align=16 words (r103.0)
//.declare SP_GRF_res_38 (164)  rf=r size=64 type=ud align=16 words (r101.0)
//.declare SP_GRF_res_39 (165)  rf=r size=96 type=ud align=16 words (r98.0)
//.declare SP_GRF_res_40 (166)  rf=r size=192 type=ud align=16 words (r92.0)
//.declare SP_GRF_res_41 (167)  rf=r size=128 type=ud align=16 words (r88.0)
//.declare SP_GRF_res_42 (168)  rf=r size=128 type=ud align=16 words (r84.0)
//.declare SP_GRF_res_43 (169)  rf=r size=192 type=ud align=16 words (r78.0)
//.declare SP_GRF_res_44 (170)  rf=r size=64 type=ud align=16 words (r76.0)
//.declare SP_GRF_res_45 (171)  rf=r size=128 type=ud align=16 words (r72.0)
//.declare SP_GRF_res_46 (172)  rf=r size=64 type=ud align=16 words (r70.0)
//.declare SP_GRF_res_47 (173)  rf=r size=192 type=ud align=16 words (r64.0)
//.declare SP_GRF_res_48 (174)  rf=r size=128 type=ud align=16 words (r60.0)
//.declare SP_GRF_res_49 (175)  rf=r size=64 type=ud align=16 words (r58.0)
//.declare SP_GRF_res_50 (176)  rf=r size=128 type=ud align=16 words (r54.0)
//.declare SP_GRF_res_51 (177)  rf=r size=192 type=ud align=16 words (r48.0)
//.declare SP_GRF_res_52 (178)  rf=r size=128 type=ud align=16 words (r44.0)
//.declare SP_GRF_res_53 (179)  rf=r size=192 type=ud align=16 words (r38.0)
//.declare SP_GRF_res_54 (180)  rf=r size=256 type=ud align=16 words (r30.0)
//.declare SP_GRF_res_55 (181)  rf=r size=64 type=ud align=16 words (r28.0)
//.declare SP_GRF_res_56 (182)  rf=r size=32 type=ud align=16 words (r27.0)
//.declare SP_GRF_res_57 (183)  rf=r size=64 type=ud align=16 words (r25.0)
//.declare SP_GRF_res_58 (184)  rf=r size=64 type=ud align=16 words (r23.0)
//.declare SP_GRF_res_59 (185)  rf=r size=64 type=ud align=16 words (r21.0)

// .inputs
// +----------+----------+--------+----------+------------+
// | id       | type     |  bytes | at       | class      |
// +----------+----------+--------+----------+------------+
// | lod      | :ud x 128 |    512 | r2       | general    |
// +----------+----------+--------+----------+------------+


// B000: Preds:{},  Succs:{}
_g1spill_k0_0_:
(W)     mov (8|M0)               r1.0<1>:ud    r0.0<8;8,1>:ud                   {Compacted}          // 
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x24CB000:ud                        // $2
(W)     mov (1|M0)               r1.2<1>:ud    0x0:ud                              {Compacted}       // $0
        mov (1|M0)               r64.0<1>:ud   r2.0<0;1,0>:ud                   {Breakpoint}         // $3
(W)     send (4|M0)              r28      r1      0x2            0x028CB0FE           // wr:1h+0, rd:8; sampler; simd16 sample info using sampler index 0 // $1
(W)     mov (8|M0)               r102.0<1>:ud  r3.0<8;8,1>:ud                   {Breakpoint,Compacted} // $4
        send (32|M0)             r36      r1      0x2            0x028CB002           // wr:1h+0, rd:8; sampler; simd16 sample info using sampler index 0 // $0
(W)     mov (1|M0)               r1.2<1>:ud    0x9000:ud                                             // $2
        mov (2|M20)              r62.0<1>:ud   r3.0<2;2,1>:ud                   {Breakpoint}         // $7
        mov (4|M28)              r78.0<1>:ud   r3.0<4;4,1>:ud                   {Breakpoint}         // $9
        mov (16|M0)              r72.0<1>:ud   r2.0<8;8,1>:ud                   {Breakpoint,Compacted} // $14
        mov (16|M16)             r74.0<1>:ud   r4.0<8;8,1>:ud                   {Breakpoint}         // $14
(W)     mov (16|M0)              r24.0<1>:ud   r28.0<8;8,1>:ud                  {Compacted}          // $2
(W)     mov (16|M0)              r26.0<1>:ud   r30.0<8;8,1>:ud                  {Compacted}          // $2
        send (16|M16)            r24:w    r1      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $2
(W)     mov (1|M0)               r1.2<1>:ud    0x2000:ud                                             // $3
(W)     add (1|M0)               a0.6<1>:ud    r0.0<0;1,0>:ud    0x2:ud                              // $4
        sends (1|M0)             r18:ud   r1      r64     0x82            0x026CA0FE           // wr:1h+2, rd:6; sampler; simd16 sample res info using sampler index 0 // $3
(W)     mov (1|M0)               r1.2<1>:ud    0x1000:ud                                             // $5
(W)     sends (8|M0)             r121:ud  r102    null    a0.6        0x0222A0FB           // wr:1+0, rd:2; sfid a0.6[3:0]; ? // $4
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x24CB000:ud                        // $6
(W)     send (2|M20)             r115     r1      0x2            0x026CB002           // wr:1h+0, rd:6; sampler; simd16 sample info using sampler index 0 // $5
(W)     mov (1|M0)               r1.2<1>:ud    0xA000:ud                                             // $6
        mov (8|M0)               r18.0<1>:ud   r2.0<8;8,1>:ud                   {Breakpoint,Compacted} // $16
        send (2|M12)             r111     r1      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $6
(W)     mov (1|M0)               r1.2<1>:ud    0x4000:ud                                             // $7
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x26CA000:ud                        // $9
        sends (2|M20)            r105:ud  r1      r62     0x82            0x026CA0FE           // wr:1h+2, rd:6; sampler; simd16 sample res info using sampler index 0 // $7
(W)     mov (1|M0)               r1.2<1>:ud    0x1000:ud                                             // $9
        mov (16|M0)              r19.0<1>:ud   r3.0<8;8,1>:ud                   {Breakpoint,Compacted} // $8
        sends (4|M28)            r97:ud   r1      r78     0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $9
(W)     mov (1|M0)               r1.2<1>:ud    0xD000:ud                                             // $10
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x24CB000:ud                        // $11
(W)     send (1|M0)              r95      r1      0x2            0x022CB0FF           // wr:1h+0, rd:2; sampler; simd16 sample info using sampler index 0 // $10
(W)     mov (1|M0)               r1.2<1>:ud    0xA000:ud                                             // $11
        mov (16|M16)             r21.0<1>:ud   r5.0<8;8,1>:ud                   {Breakpoint}         // $8
        send (2|M20)             r91      r1      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $11
(W)     mov (1|M0)               r1.2<1>:ud    0x8000:ud                                             // $12
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x26CB000:ud                        // $12
        sends (32|M0)            r103:ud  r19     null    0x2            0x0424A001           // wr:2+0, rd:2; sampler; simd16 sample res info using sampler index 0 // $8
(W)     sends (16|M0)            null:uw  r0      r105    0x10A            0x020F2000           // wr:1h+4, rd:0; hdc.dc0; hword scratch block write x4 //  scratch space spill: SP_GRF_res_7 from offset[0x32]; $7
(W)     sends (16|M0)            null:uw  r0      r109    0x8A            0x020F1004           // wr:1h+2, rd:0; hdc.dc0; hword scratch block write x2 //  scratch space spill: SP_GRF_res_7 from offset[4x32]; $7
(W)     send (16|M0)             r85:uw   r0      0xA            0x024C2000           // wr:1h+0, rd:4; hdc.dc0; hword scratch block read x4 //  scratch space fill: SP_GRF_res_12 from offset[0x32]; $12
(W)     send (16|M0)             r89:uw   r0      0xA            0x022C1004           // wr:1h+0, rd:2; hdc.dc0; hword scratch block read x2 //  scratch space fill: SP_GRF_res_12 from offset[4x32]; $12
        send (16|M0)             r85:w    r1      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $12
(W)     mov (1|M0)               r1.2<1>:ud    0x6000:ud                                             // $13
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x21AA000:ud                        // $16
(W)     send (1|M0)              r81      r1      0x2            0x024CB001           // wr:1h+0, rd:4; sampler; simd16 sample info using sampler index 0 // $13
(W)     mov (1|M0)               r1.2<1>:ud    0x4000:ud                                             // $14
(W)     mov (4|M20)              r84.0<1>:ud   r2.0<4;4,1>:ud                   {Breakpoint}         // $26
        sends (32|M0)            r75:ud   r1      r72     0x82            0x026CA002           // wr:1h+2, rd:6; sampler; simd16 sample res info using sampler index 0 // $14
(W)     mov (1|M0)               r1.2<1>:ud    0x5000:ud                                             // $15
(W)     mov (4|M20)              r82.0<1>:ud   r3.0<4;4,1>:ud                   {Breakpoint}         // $27
        send (2|M28)             r71      r1      0x2            0x024CB002           // wr:1h+0, rd:4; sampler; simd16 sample info using sampler index 0 // $15
(W)     mov (1|M0)               r1.2<1>:ud    0x7000:ud                                             // $16
(W)     mov (1|M28)              r80.0<1>:ud   r2.0<0;1,0>:ud                   {Breakpoint}         // $28
        sends (8|M0)             r70:ud   r1      r18     0x42            a0.0       // wr:a0.0[28:25]+1, rd:a0.0[24:20]; sampler // $16
(W)     mov (1|M0)               r1.2<1>:ud    0x8000:ud                                             // $17
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x26CB000:ud                        // $17
        mov (16|M0)              r70.0<1>:ud   r2.0<8;8,1>:ud                   {Breakpoint,Compacted} // $30
        send (32|M0)             r64      r1      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $17
(W)     mov (1|M0)               r1.2<1>:ud    0x6000:ud                                             // $18
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x24CB000:ud                        // $18
        mov (16|M0)              r68.0<1>:ud   r3.0<8;8,1>:ud                   {Breakpoint,Compacted} // $40
(W)     send (4|M0)              r60      r1      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $18
(W)     mov (1|M0)               r1.2<1>:ud    0x7000:ud                                             // $19
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x22CB000:ud                        // $21
(W)     mov (4|M0)               r76.0<1>:ud   r3.0<4;4,1>:ud                   {Breakpoint,Compacted} // $41
        mov (16|M0)              r66.0<1>:ud   r3.0<8;8,1>:ud                   {Breakpoint,Compacted} // $46
        mov (16|M16)             r72.0<1>:ud   r4.0<8;8,1>:ud                   {Breakpoint}         // $30
(W)     sends (16|M0)            null:uw  r0      r60     0x10A            0x020F2000           // wr:1h+4, rd:0; hdc.dc0; hword scratch block write x4 //  scratch space spill: SP_GRF_res_18 from offset[0x32]; $18
        mov (1|M12)              r60.0<1>:ud   r2.0<0;1,0>:ud                   {Breakpoint}         // $19
        sends (1|M12)            r58:ud   r1      r60     0x82            0x022CA0FF           // wr:1h+2, rd:2; sampler; simd16 sample res info using sampler index 0 // $19
(W)     mov (1|M0)               r1.2<1>:ud    0xD000:ud                                             // $20
(W)     mov (1|M0)               r58.0<1>:ud   r2.0<0;1,0>:ud                   {Breakpoint,Compacted} // $32
        send (32|M0)             r56      r1      0x2            0x022CB0FE           // wr:1h+0, rd:2; sampler; simd16 sample info using sampler index 0 // $20
(W)     mov (1|M0)               r1.2<1>:ud    0x7000:ud                                             // $21
        mov (2|M28)              r56.0<1>:ud   r2.0<2;2,1>:ud                   {Breakpoint}         // $34
(W)     send (2|M4)              r54      r1      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $21
(W)     mov (1|M0)               r1.2<1>:ud    0xB000:ud                                             // $22
(W)     add (1|M0)               a0.4<1>:ud    r0.0<0;1,0>:ud    0x2:ud              {Compacted}     // $22
        mov (4|M0)               r54.0<1>:ud   r3.0<4;4,1>:ud                   {Breakpoint,Compacted} // $36
(W)     sends (16|M16)           r52:w    r1      null    a0.4        0x022CB0FC           // wr:1h+0, rd:2; sfid a0.4[3:0]; ? // $22
(W)     mov (1|M0)               r1.2<1>:ud    0x9000:ud                                             // $23
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x23AB000:ud                        // $24
        sends (2|M28)            r113:ud  r56     null    0x2            0x0424A0FF           // wr:2+0, rd:2; sampler; simd16 sample res info using sampler index 0 // $34
(W)     sends (16|M0)            null:uw  r0      r52     0x8A            0x020F1000           // wr:1h+2, rd:0; hdc.dc0; hword scratch block write x2 //  scratch space spill: SP_GRF_res_22 from offset[0x32]; $22
(W)     mov (1|M20)              r52.0<1>:ud   r3.0<0;1,0>:ud                   {Breakpoint}         // $37
(W)     send (16|M0)             r48:uw   r0      0xA            0x024C2000           // wr:1h+0, rd:4; hdc.dc0; hword scratch block read x4 //  scratch space fill: SP_GRF_res_23 from offset[0x32]; $23
        sends (16|M0)            r48:w    r1      r19     0x82            0x024CA001           // wr:1h+2, rd:4; sampler; simd16 sample res info using sampler index 0 // $23
(W)     mov (1|M0)               r1.2<1>:ud    0x4000:ud                                             // $24
        send (8|M0)              r45      r1      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $24
(W)     mov (1|M0)               r1.2<1>:ud    0x5000:ud                                             // $25
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x22CA000:ud                        // $26
(W)     send (4|M28)             r41      r1      0x2            0x024CB002           // wr:1h+0, rd:4; sampler; simd16 sample info using sampler index 0 // $25
(W)     mov (1|M0)               r1.2<1>:ud    0xB000:ud                                             // $26
(W)     mov (1|M16)              r46.0<1>:ud   r3.0<0;1,0>:ud                   {Breakpoint}         // $49
(W)     sends (4|M20)            r39:ud   r1      r84     0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $26
(W)     mov (1|M0)               r1.2<1>:ud    0x3000:ud                                             // $27
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x24CA000:ud                        // $27
        mov (1|M28)              r44.0<1>:ud   r2.0<0;1,0>:ud                   {Breakpoint}         // $50
(W)     sends (4|M20)            r35:ud   r1      r82     0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $27
(W)     mov (1|M0)               r1.2<1>:ud    0x1000:ud                                             // $28
(W)     add (1|M0)               a0.2<1>:ud    r0.0<0;1,0>:ud    0x82:ud              {Compacted}    // $28
(W)     sends (1|M28)            r29:ud   r1      r80     a0.2        0x026CA0FC           // wr:1h+a0.2[10:6], rd:6; sfid a0.2[3:0]; ? // $28
(W)     mov (1|M0)               r1.2<1>:ud    0x7000:ud                                             // $29
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x22CA000:ud                        // $30
        send (1|M12)             r27      r1      0x2            0x022CB001           // wr:1h+0, rd:2; sampler; simd16 sample info using sampler index 0 // $29
(W)     mov (1|M0)               r1.2<1>:ud    0xB000:ud                                             // $30
        sends (32|M0)            r25:ud   r1      r70     0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $30
(W)     mov (1|M0)               r1.2<1>:ud    0x5000:ud                                             // $31
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x24CA000:ud                        // $31
        mov (16|M16)             r70.0<1>:ud   r5.0<8;8,1>:ud                   {Breakpoint}         // $40
(W)     sends (1|M0)             r121:ud  r58     null    a0.4        0x0464A0FC           // wr:2+0, rd:6; sfid a0.4[3:0]; ? // $32
        sends (32|M0)            r70:ud   r66     null    0x2            0x0424A001           // wr:2+0, rd:2; sampler; simd16 sample res info using sampler index 0 // $46
(W)     sends (16|M0)            null:uw  r0      r48     0x10A            0x020F2000           // wr:1h+4, rd:0; hdc.dc0; hword scratch block write x4 //  scratch space spill: SP_GRF_res_23 from offset[0x32]; $23
(W)     mov (1|M0)               r48.0<1>:ud   r3.0<0;1,0>:ud                   {Breakpoint,Compacted} // $45
(W)     mov (1|M0)               r50.0<1>:ud   r3.0<0;1,0>:ud                   {Breakpoint,Compacted} // $44
(W)     sends (8|M0)             null:uw  r0      r47     0x4A            0x020F0002           // wr:1h+1, rd:0; hdc.dc0; hword scratch block write x1 //  scratch space spill: SP_GRF_res_24 from offset[2x32]; $24
(W)     sends (16|M0)            null:uw  r0      r25     0x8A            0x020F1000           // wr:1h+2, rd:0; hdc.dc0; hword scratch block write x2 //  scratch space spill: SP_GRF_res_30 from offset[0x32]; $30
(W)     send (16|M0)             r21:uw   r0      0xA            0x024C2000           // wr:1h+0, rd:4; hdc.dc0; hword scratch block read x4 //  scratch space fill: SP_GRF_res_31 from offset[0x32]; $31
        sends (16|M0)            r21:w    r1      r19     0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $31
(W)     mov (1|M0)               r1.2<1>:ud    0x8000:ud                                             // $33
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x26CB000:ud                        // $33
        send (32|M0)             r115     r1      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $33
(W)     mov (1|M0)               r1.2<1>:ud    0x3000:ud                                             // $35
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x26CA000:ud                        // $40
        send (2|M12)             r109     r1      0x2            0x024CB001           // wr:1h+0, rd:4; sampler; simd16 sample info using sampler index 0 // $35
(W)     mov (1|M0)               r1.2<1>:ud    0x7000:ud                                             // $36
        sends (4|M0)             r107:ud  r1      r54     0x82            0x022CA0FE           // wr:1h+2, rd:2; sampler; simd16 sample res info using sampler index 0 // $36
(W)     mov (1|M0)               r1.2<1>:ud    0x6000:ud                                             // $37
(W)     sends (1|M20)            r103:ud  r1      r52     0x82            0x024CA001           // wr:1h+2, rd:4; sampler; simd16 sample res info using sampler index 0 // $37
(W)     mov (1|M0)               r1.2<1>:ud    0x7000:ud                                             // $38
        send (32|M0)             r101     r1      0x2            0x022CB002           // wr:1h+0, rd:2; sampler; simd16 sample info using sampler index 0 // $38
(W)     mov (1|M0)               r1.2<1>:ud    0x1000:ud                                             // $40
        mov (8|M0)               r101.0<1>:ud  r3.0<8;8,1>:ud                   {Breakpoint,Compacted} // $39
        sends (32|M0)            r92:ud   r1      r68     0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $40
(W)     mov (1|M0)               r1.2<1>:ud    0x3000:ud                                             // $41
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x24CA000:ud                        // $41
        mov (16|M16)             r68.0<1>:ud   r5.0<8;8,1>:ud                   {Breakpoint}         // $46
(W)     sends (4|M0)             r88:ud   r1      r76     0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $41
(W)     mov (1|M0)               r1.2<1>:ud    0xC000:ud                                             // $42
(W)     sends (1|M0)             r76:ud   r50     null    0x2            0x0424A002           // wr:2+0, rd:2; sampler; simd16 sample res info using sampler index 0 // $44
(W)     send (1|M12)             r84      r1      0x2            0x024CB002           // wr:1h+0, rd:4; sampler; simd16 sample info using sampler index 0 // $42
(W)     mov (1|M0)               r1.2<1>:ud    0x1000:ud                                             // $43
(W)     mov (8|M0)               r86.0<1>:ud   0x0:ud                              {Compacted}       // $57
(W)     sends (2|M0)             r78:ud   r1      null    a0.4        0x026CB0FC           // wr:1h+0, rd:6; sfid a0.4[3:0]; ? // $43
(W)     mov (1|M0)               r1.2<1>:ud    0xA000:ud                                             // $45
        sends (8|M0)             r98:ud   r101    null    0x2            0x0232A002           // wr:1+0, rd:3; sampler; simd8 sample res info using sampler index 0 // $39
(W)     sends (1|M4)             r72:ud   r1      r48     a0.2        0x024CA0FC           // wr:1h+a0.2[10:6], rd:4; sfid a0.2[3:0]; ? // $45
(W)     mov (1|M0)               r1.2<1>:ud    0x4000:ud                                             // $47
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x26CB000:ud                        // $47
        mov (1|M16)              r74.0<1>:ud   r3.0<0;1,0>:ud                   {Breakpoint}         // $53
        send (1|M16)             r64      r1      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $47
(W)     mov (1|M0)               r1.2<1>:ud    0x9000:ud                                             // $48
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x24CB000:ud                        // $48
        send (1|M28)             r60      r1      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $48
(W)     mov (1|M0)               r1.2<1>:ud    0xB000:ud                                             // $49
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x26CA000:ud                        // $53
(W)     sends (1|M16)            r58:ud   r1      r46     0x82            0x022CA001           // wr:1h+2, rd:2; sampler; simd16 sample res info using sampler index 0 // $49
(W)     mov (1|M0)               r1.2<1>:ud    0x6000:ud                                             // $50
        sends (1|M28)            r54:ud   r1      r44     0x82            0x024CA001           // wr:1h+2, rd:4; sampler; simd16 sample res info using sampler index 0 // $50
(W)     mov (1|M0)               r1.2<1>:ud    0x2000:ud                                             // $51
(W)     send (1|M12)             r48      r1      0x2            0x026CB0FE           // wr:1h+0, rd:6; sampler; simd16 sample info using sampler index 0 // $51
(W)     mov (1|M0)               r1.2<1>:ud    0xC000:ud                                             // $52
(W)     sends (16|M0)            null:uw  r0      r64     0x10A            0x020F2004           // wr:1h+4, rd:0; hdc.dc0; hword scratch block write x4 //  scratch space spill: SP_GRF_res_47 from offset[4x32]; $47
(W)     sends (16|M0)            null:uw  r0      r58     0x8A            0x020F1004           // wr:1h+2, rd:0; hdc.dc0; hword scratch block write x2 //  scratch space spill: SP_GRF_res_49 from offset[4x32]; $49
(W)     send (16|M0)             r44:uw   r0      0xA            0x024C2004           // wr:1h+0, rd:4; hdc.dc0; hword scratch block read x4 //  scratch space fill: SP_GRF_res_52 from offset[4x32]; $52
        send (16|M0)             r44:w    r1      0x2            0x024CB002           // wr:1h+0, rd:4; sampler; simd16 sample info using sampler index 0 // $52
(W)     mov (1|M0)               r1.2<1>:ud    0x2000:ud                                             // $53
        sends (1|M16)            r38:ud   r1      r74     0x82            a0.0       // wr:a0.0[28:25]+2, rd:a0.0[24:20]; sampler // $53
(W)     mov (1|M0)               r1.2<1>:ud    0x0:ud                              {Compacted}       // $54
        send (4|M16)             r30      r1      0x2            0x028CB002           // wr:1h+0, rd:8; sampler; simd16 sample info using sampler index 0 // $54
(W)     mov (1|M0)               r1.2<1>:ud    0xE000:ud                                             // $55
        sends (32|M0)            r28:ud   r1      null    a0.6        0x022CB0FB           // wr:1h+0, rd:2; sfid a0.6[3:0]; ? // $55
(W)     mov (1|M0)               r1.2<1>:ud    0xD000:ud                                             // $56
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x21AB000:ud                        // $56
(W)     send (8|M0)              r27      r1      0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $56
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x224B000:ud                        // $57
(W)     mov (1|M0)               r1.2<1>:ud    0x9000:ud                                             // $58
        send (32|M0)             r25      r86     0x2            a0.0       // wr:a0.0[28:25]+0, rd:a0.0[24:20]; sampler // $57
(W)     add (1|M0)               a0.0<1>:ud    r0.0<0;1,0>:ud    0x22AA000:ud                        // $58
        sends (8|M0)             r23:ud   r1      r18     0x42            a0.0       // wr:a0.0[28:25]+1, rd:a0.0[24:20]; sampler // $58
(W)     mov (1|M0)               r1.2<1>:ud    0x6000:ud                                             // $59
        sends (8|M0)             r21:ud   r1      r101    0x42            0x022AA0FF           // wr:1h+1, rd:2; sampler; simd8 sample res info using sampler index 0 // $59
(W)     sends (16|M0)            null:uw  r0      r30     0x20A            0x020F3000           // wr:1h+8, rd:0; hdc.dc0; hword scratch block write x8 //  scratch space spill: SP_GRF_res_54 from offset[0x32]; $54
(W)     sends (8|M0)             null:uw  r0      r27     0x4A            0x020F0004           // wr:1h+1, rd:0; hdc.dc0; hword scratch block write x1 //  scratch space spill: SP_GRF_res_56 from offset[4x32]; $56
        ret (32|M0)                          r0.0:ud                                                 // $60
// Bank Conflict Statistics: 
// -- GOOD: 0
// --  BAD: 0
// --   OK: 0
//.accSubDef: 0
//.accSubUse: 0
//.accSubCandidateDef: 0
//.accSubCandidateUse: 0
