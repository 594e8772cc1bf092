//go:build amd64 && !purego

#include "textflag.h"

// windows picks, in each 128-bit lane, the 3-byte windows at offsets 0, 2,
// 4 and 6 into dwords, the fourth byte zero (0x80 selects none).
DATA windows<>+0(SB)/8, $0x8004030280020100
DATA windows<>+8(SB)/8, $0x8008070680060504
DATA windows<>+16(SB)/8, $0x8004030280020100
DATA windows<>+24(SB)/8, $0x8008070680060504
GLOBL windows<>(SB), RODATA|NOPTR, $32

// following picks the byte after each of those windows (offsets 3, 5, 7
// and 9) into a dword of its own.
DATA following<>+0(SB)/8, $0x8080800580808003
DATA following<>+8(SB)/8, $0x8080800980808007
DATA following<>+16(SB)/8, $0x8080800580808003
DATA following<>+24(SB)/8, $0x8080800980808007
GLOBL following<>(SB), RODATA|NOPTR, $32

DATA foldCase<>+0(SB)/4, $0x00202020
GLOBL foldCase<>(SB), RODATA|NOPTR, $4

DATA multiplier<>+0(SB)/4, $0x9E3779B1
GLOBL multiplier<>(SB), RODATA|NOPTR, $4

DATA one<>+0(SB)/4, $1
GLOBL one<>(SB), RODATA|NOPTR, $4

DATA upperA<>+0(SB)/4, $0x41
GLOBL upperA<>(SB), RODATA|NOPTR, $4

DATA letters<>+0(SB)/4, $25
GLOBL letters<>(SB), RODATA|NOPTR, $4

DATA caseBit<>+0(SB)/4, $0x20
GLOBL caseBit<>(SB), RODATA|NOPTR, $4

// NEIGHBOUR(r) turns each dword of r, a byte c, into neighbour[c] =
// 1 << (lower(c) * multiplier >> 29); lower adds 0x20 where c-'A' <= 25.
// It uses Y4 and Y5.
#define NEIGHBOUR(r) \
	VPSUBD   Y13, r, Y4; \
	VPMINUD  Y14, Y4, Y5; \
	VPCMPEQD Y5, Y4, Y4; \
	VPAND    Y15, Y4, Y4; \
	VPOR     Y4, r, r; \
	VPMULLD  Y10, r, r; \
	VPSRLD   $29, r, r; \
	VPSLLVD  r, Y11, r

// The two loops of markedWindows share their arguments and registers:
// SI, CX: t; DI: marked; R8, R9: out; AX: the offset of the round in t;
// BX: the windows written to out.
#define WINDOWS_ARGS \
	MOVQ t_base+0(FP), SI; \
	MOVQ t_len+8(FP), CX; \
	MOVQ marked+24(FP), DI; \
	MOVQ out_base+32(FP), R8; \
	MOVQ out_len+40(FP), R9; \
	XORQ AX, AX; \
	XORQ BX, BX

// ROUND_OR(done) goes to done unless a round has t[AX:AX+40] to read
// (the last window, at AX+30, and the byte after it end at AX+34; a
// piece is loaded 8 bytes on) and 16 slots of out to write.
#define ROUND_OR(done) \
	LEAQ 40(AX), DX; \
	CMPQ DX, CX; \
	JGT  done; \
	LEAQ 16(BX), DX; \
	CMPQ DX, R9; \
	JGT  done

// WINDOWS_RETURN returns n (BX) and next (AX).
#define WINDOWS_RETURN \
	VZEROUPPER; \
	MOVQ BX, n+56(FP); \
	MOVQ AX, next+64(FP); \
	RET

// func markedWindowsNarrow(t []byte, marked *byte, out []int32) (n, next int)
TEXT ·markedWindowsNarrow(SB), NOSPLIT, $0-72
	WINDOWS_ARGS
	VMOVDQU      windows<>(SB), Y8
	VPBROADCASTD foldCase<>(SB), Y9
	VPBROADCASTD multiplier<>(SB), Y10
	VPBROADCASTD one<>(SB), Y11
	VMOVDQU      following<>(SB), Y12
	VPBROADCASTD upperA<>(SB), Y13
	VPBROADCASTD letters<>(SB), Y14
	VPBROADCASTD caseBit<>(SB), Y15

loop:
	ROUND_OR(done)

	// Windows at AX+0, 2, ..., 14 in Y2 and AX+16, ..., 30 in Y3; the
	// bytes after them in Y0 and Y1.
	VMOVDQU     (SI)(AX*1), X0
	VINSERTI128 $1, 8(SI)(AX*1), Y0, Y0
	VMOVDQU     16(SI)(AX*1), X1
	VINSERTI128 $1, 24(SI)(AX*1), Y1, Y1
	VPSHUFB     Y8, Y0, Y2
	VPSHUFB     Y8, Y1, Y3
	VPSHUFB     Y12, Y0, Y0
	VPSHUFB     Y12, Y1, Y1

	// hash24(window | 0x202020) = window * multiplier >> (32 - 18)
	VPOR    Y9, Y2, Y2
	VPOR    Y9, Y3, Y3
	VPMULLD Y10, Y2, Y2
	VPMULLD Y10, Y3, Y3
	VPSRLD  $14, Y2, Y2
	VPSRLD  $14, Y3, Y3

	// The marks: a gather reads the dword at marked+hash, whose low
	// byte is the mark. Each gather clears its mask; set it anew.
	VPCMPEQD   Y4, Y4, Y4
	VPCMPEQD   Y5, Y5, Y5
	VPGATHERDD Y4, (DI)(Y2*1), Y6
	VPGATHERDD Y5, (DI)(Y3*1), Y7

	// neighbour[c] for the byte after each window.
	NEIGHBOUR(Y0)
	NEIGHBOUR(Y1)

	// A window is a candidate where its mark holds the bucket of the
	// byte after it (as in verify). R10: bit k for the window at AX+2k.
	VPAND     Y0, Y6, Y6
	VPAND     Y1, Y7, Y7
	VPXOR     Y4, Y4, Y4
	VPCMPEQD  Y4, Y6, Y6
	VPCMPEQD  Y4, Y7, Y7
	VMOVMSKPS Y6, R10
	VMOVMSKPS Y7, R11
	SHLL      $8, R11
	ORL       R11, R10
	XORL      $0xffff, R10
	JZ        next

emit:
	BSFL R10, R11
	LEAQ (AX)(R11*2), DX
	MOVL DX, (R8)(BX*4)
	INCQ BX
	LEAL -1(R10), R11
	ANDL R11, R10
	JNZ  emit

next:
	ADDQ $32, AX
	JMP  loop

done:
	WINDOWS_RETURN

// offsets: the offset in a round of each of the 16 windows, in the order
// markedWindowsWide holds them.
DATA offsets<>+0(SB)/8, $0x0000000200000000
DATA offsets<>+8(SB)/8, $0x0000000600000004
DATA offsets<>+16(SB)/8, $0x0000000a00000008
DATA offsets<>+24(SB)/8, $0x0000000e0000000c
DATA offsets<>+32(SB)/8, $0x0000001200000010
DATA offsets<>+40(SB)/8, $0x0000001600000014
DATA offsets<>+48(SB)/8, $0x0000001a00000018
DATA offsets<>+56(SB)/8, $0x0000001e0000001c
GLOBL offsets<>(SB), RODATA|NOPTR, $64

// WIDE_CONSTANTS loads what the wide loops' hash (Z9, Z10) and
// NEIGHBOUR_WIDE (Z11, Z13, Z14, Z15) take, in all 16 lanes.
#define WIDE_CONSTANTS \
	VPBROADCASTD foldCase<>(SB), Z9; \
	VPBROADCASTD multiplier<>(SB), Z10; \
	VPBROADCASTD one<>(SB), Z11; \
	VPBROADCASTD upperA<>(SB), Z13; \
	VPBROADCASTD letters<>(SB), Z14; \
	VPBROADCASTD caseBit<>(SB), Z15

// NEIGHBOUR_WIDE(r) is NEIGHBOUR for 16 dwords; the case test goes to a
// mask register (K3). It uses Z4.
#define NEIGHBOUR_WIDE(r) \
	VPSUBD  Z13, r, Z4; \
	VPCMPUD $2, Z14, Z4, K3; \
	VPORD   Z15, r, K3, r; \
	VPMULLD Z10, r, r; \
	VPSRLD  $29, r, r; \
	VPSLLVD r, Z11, r

// func markedWindowsWide(t []byte, marked *byte, out []int32) (n, next int)
//
// markedWindows' rounds with AVX-512: the four 16-byte pieces of a round
// (t+0, 8, 16 and 24) go to the four lanes of one register, so the 16
// windows take one shuffle, one multiply and one gather; and the
// candidates are written without a branch, by compressing their offsets
// into a register that is stored whole (the next round writes over what
// lies past them). On logs a round in three to five has a candidate, so
// markedWindowsNarrow's branch on that is often mispredicted: this loop
// takes 40 % less time on the same text.
TEXT ·markedWindowsWide(SB), NOSPLIT, $0-72
	WINDOWS_ARGS
	WIDE_CONSTANTS
	VBROADCASTI32X4 windows<>(SB), Z8
	VBROADCASTI32X4 following<>(SB), Z12
	VMOVDQU32       offsets<>(SB), Z16

wideLoop:
	ROUND_OR(wideDone)

	// The windows in Z2, the bytes after them in Z0.
	VMOVDQU      (SI)(AX*1), X0
	VINSERTI32X4 $1, 8(SI)(AX*1), Z0, Z0
	VINSERTI32X4 $2, 16(SI)(AX*1), Z0, Z0
	VINSERTI32X4 $3, 24(SI)(AX*1), Z0, Z0
	VPSHUFB      Z8, Z0, Z2
	VPSHUFB      Z12, Z0, Z0

	// The hashes, and the dwords at marked+hash.
	VPORD      Z9, Z2, Z2
	VPMULLD    Z10, Z2, Z2
	VPSRLD     $14, Z2, Z2
	KXNORW     K2, K2, K2
	VPGATHERDD (DI)(Z2*1), K2, Z6

	// K1: the windows whose mark holds the bucket of the byte after them.
	NEIGHBOUR_WIDE(Z0)
	VPTESTMD Z0, Z6, K1

	// Their offsets in t, to out[BX:].
	VPBROADCASTD AX, Z4
	VPADDD       Z4, Z16, Z5
	VPCOMPRESSD  Z5, K1, Z5
	VMOVDQU32    Z5, (R8)(BX*4)
	KMOVW        K1, R10
	POPCNTL      R10, R10
	ADDQ         R10, BX

	ADDQ $32, AX
	JMP  wideLoop

wideDone:
	WINDOWS_RETURN

// tailWindows picks, for tailWindows, the window at each even offset
// 2k of the text into dword k (VPERMB; the fourth byte is zeroed by the
// mask); tailAfter, below, picks the byte after it.
DATA tailWindows<>+0(SB)/8, $0x0004030200020100
DATA tailWindows<>+8(SB)/8, $0x0008070600060504
DATA tailWindows<>+16(SB)/8, $0x000c0b0a000a0908
DATA tailWindows<>+24(SB)/8, $0x00100f0e000e0d0c
DATA tailWindows<>+32(SB)/8, $0x0014131200121110
DATA tailWindows<>+40(SB)/8, $0x0018171600161514
DATA tailWindows<>+48(SB)/8, $0x001c1b1a001a1918
DATA tailWindows<>+56(SB)/8, $0x00201f1e001e1d1c
GLOBL tailWindows<>(SB), RODATA|NOPTR, $64


// tailAfter holds 2k+3 for window k: where the window ends, and the
// index of the byte after it (VPERMB takes the low byte of each dword).
DATA tailAfter<>+0(SB)/8, $0x0000000500000003
DATA tailAfter<>+8(SB)/8, $0x0000000900000007
DATA tailAfter<>+16(SB)/8, $0x0000000d0000000b
DATA tailAfter<>+24(SB)/8, $0x000000110000000f
DATA tailAfter<>+32(SB)/8, $0x0000001500000013
DATA tailAfter<>+40(SB)/8, $0x0000001900000017
DATA tailAfter<>+48(SB)/8, $0x0000001d0000001b
DATA tailAfter<>+56(SB)/8, $0x000000210000001f
GLOBL tailAfter<>(SB), RODATA|NOPTR, $64

// func tailWindows(t []byte, marked *byte, out []int32) int
//
// One round of markedWindowsWide over a text of 3 to tailSpan (34)
// bytes, read with a masked load (no byte past t is touched): the
// windows that fit in t (2k+3 <= len(t)) whose mark holds the bucket of
// the byte after them, or, for the last one when t ends right after it,
// whose mark is set at all (as verify tests). out must have 16 slots.
TEXT ·tailWindows(SB), NOSPLIT, $0-64
	MOVQ t_base+0(FP), SI
	MOVQ t_len+8(FP), CX
	MOVQ marked+24(FP), DI
	MOVQ out_base+32(FP), R8

	// The bytes of t, the rest of the register zero.
	MOVQ       $1, R11
	SHLQ       CX, R11
	DECQ       R11
	KMOVQ      R11, K4
	VMOVDQU8.Z (SI), K4, Z0

	// Windows in Z2, the bytes after them in Z1.
	VMOVDQU64 tailWindows<>(SB), Z3
	MOVQ      $0x7777777777777777, R11
	KMOVQ     R11, K5
	VPERMB.Z  Z0, Z3, K5, Z2
	VMOVDQU64 tailAfter<>(SB), Z3
	MOVQ      $0x1111111111111111, R11
	KMOVQ     R11, K5
	VPERMB.Z  Z0, Z3, K5, Z1

	// K6: the windows that fit; K7: the one that ends t.
	VPBROADCASTD CX, Z4
	VPCMPUD      $2, Z4, Z3, K6
	VPCMPEQD     Z4, Z3, K7

	// Their marks.
	WIDE_CONSTANTS
	VPORD        Z9, Z2, Z2
	VPMULLD      Z10, Z2, Z2
	VPSRLD       $14, Z2, Z2
	KMOVW        K6, K2
	VPXORD       Z6, Z6, Z6
	VPGATHERDD   (DI)(Z2*1), K2, Z6

	// The buckets of the bytes after them; every bucket after the last.
	NEIGHBOUR_WIDE(Z1)
	VPTERNLOGD   $0xff, Z5, Z5, Z5
	VPSRLD       $24, Z5, Z5
	VPORD        Z5, Z1, K7, Z1
	VPTESTMD     Z1, Z6, K1
	KANDW        K6, K1, K1

	// Their offsets, to out.
	VMOVDQU32   offsets<>(SB), Z16
	VPCOMPRESSD Z16, K1, Z16
	VMOVDQU32   Z16, (R8)
	KMOVW       K1, AX
	POPCNTL     AX, AX
	VZEROUPPER
	MOVQ        AX, ret+56(FP)
	RET

// pairWindows picks, for markedPairs, the window at each even offset 2k
// (k < 16) of a 64-byte load and the byte after it into dword k (VPERMB);
// pairWindowsHigh the windows at 32 + 2k from the load 2 bytes on.
DATA pairWindows<>+0(SB)/8, $0x0504030203020100
DATA pairWindows<>+8(SB)/8, $0x0908070607060504
DATA pairWindows<>+16(SB)/8, $0x0d0c0b0a0b0a0908
DATA pairWindows<>+24(SB)/8, $0x11100f0e0f0e0d0c
DATA pairWindows<>+32(SB)/8, $0x1514131213121110
DATA pairWindows<>+40(SB)/8, $0x1918171617161514
DATA pairWindows<>+48(SB)/8, $0x1d1c1b1a1b1a1918
DATA pairWindows<>+56(SB)/8, $0x21201f1e1f1e1d1c
GLOBL pairWindows<>(SB), RODATA|NOPTR, $64
DATA pairWindowsHigh<>+0(SB)/8, $0x2322212021201f1e
DATA pairWindowsHigh<>+8(SB)/8, $0x2726252425242322
DATA pairWindowsHigh<>+16(SB)/8, $0x2b2a292829282726
DATA pairWindowsHigh<>+24(SB)/8, $0x2f2e2d2c2d2c2b2a
DATA pairWindowsHigh<>+32(SB)/8, $0x3332313031302f2e
DATA pairWindowsHigh<>+40(SB)/8, $0x3736353435343332
DATA pairWindowsHigh<>+48(SB)/8, $0x3b3a393839383736
DATA pairWindowsHigh<>+56(SB)/8, $0x3f3e3d3c3d3c3b3a
GLOBL pairWindowsHigh<>(SB), RODATA|NOPTR, $64

DATA pairHalf<>+0(SB)/4, $32
GLOBL pairHalf<>(SB), RODATA|NOPTR, $4

DATA windowBytes<>+0(SB)/4, $0x00ffffff
GLOBL windowBytes<>(SB), RODATA|NOPTR, $4

// func markedPairs(t []byte, marked *byte, pairs *pairTables, out []int32, win []uint32) (n, next int)
//
// markedWindows in two passes, for a long text (see pairs.go). The first
// takes 64 bytes a round: the class of each byte by a lookup in
// registers (VPERMI2B, 128 entries), the pairs' bits the same way, and
// the windows at even offsets whose pairs pass go to out (their offsets)
// and to win (their 3 bytes and the byte after them), compressed. It
// stops where fewer than 66 bytes remain (a round reads 64 bytes from 3
// places, 2 bytes apart) or out has fewer than 48 slots left. The second
// goes over those 16 at a time, as markedWindowsWide does over all of
// them: the hashes, the gather of the marks, the bucket of the byte
// after; the offsets that pass are written back to out, over those
// read. win must be as long as out. next is a multiple of 64.
TEXT ·markedPairs(SB), NOSPLIT, $0-104
	MOVQ t_base+0(FP), SI
	MOVQ t_len+8(FP), CX
	MOVQ marked+24(FP), DI
	MOVQ pairs+32(FP), R12
	MOVQ out_base+40(FP), R8
	MOVQ out_len+48(FP), R9
	XORQ AX, AX
	XORQ BX, BX

	// The tables, two registers each: class4 (Z18), classHigh (Z20),
	// classBit (Z22), first (Z24), firstNext (Z26), second (Z28),
	// secondBefore (Z30).
	VMOVDQU64 0(R12), Z18
	VMOVDQU64 64(R12), Z19
	VMOVDQU64 128(R12), Z20
	VMOVDQU64 192(R12), Z21
	VMOVDQU64 256(R12), Z22
	VMOVDQU64 320(R12), Z23
	VMOVDQU64 384(R12), Z24
	VMOVDQU64 448(R12), Z25
	VMOVDQU64 512(R12), Z26
	VMOVDQU64 576(R12), Z27
	VMOVDQU64 640(R12), Z28
	VMOVDQU64 704(R12), Z29
	VMOVDQU64 768(R12), Z30
	VMOVDQU64 832(R12), Z31
	MOVQ      win_base+64(FP), R12
	VMOVDQU64 pairWindows<>(SB), Z10
	VMOVDQU64 pairWindowsHigh<>(SB), Z11
	VMOVDQU32 offsets<>(SB), Z16
	MOVQ      $0x5555555555555555, R13

pairLoop:
	LEAQ 66(AX), DX
	CMPQ DX, CX
	JGT  pairsFound
	LEAQ 48(BX), DX
	CMPQ DX, R9
	JGT  pairsFound

	// The first, second and third bytes of the windows at each offset
	// (Z0, Z1, Z2); the windows at even offsets with the byte after
	// each, as dwords (Z12: the first 16, Z13: the others).
	VMOVDQU64 (SI)(AX*1), Z0
	VMOVDQU64 1(SI)(AX*1), Z1
	VMOVDQU64 2(SI)(AX*1), Z2
	VPERMB    Z0, Z10, Z12
	VPERMB    Z2, Z11, Z13

	// A pair's bit is bit classBit[b] of byte class4[a] + classHigh[b]
	// of a table. Z3, Z5: the first pair's byte index and bit; Z6, Z2:
	// the second pair's. (VPERMI2B overwrites its index: copies first.)
	VMOVDQA64 Z0, Z3
	VPERMI2B  Z19, Z18, Z3
	VMOVDQA64 Z1, Z4
	VPERMI2B  Z21, Z20, Z4
	VPADDB    Z4, Z3, Z3
	VMOVDQA64 Z1, Z5
	VPERMI2B  Z23, Z22, Z5
	VMOVDQA64 Z1, Z6
	VPERMI2B  Z19, Z18, Z6
	VMOVDQA64 Z2, Z7
	VPERMI2B  Z21, Z20, Z7
	VPADDB    Z7, Z6, Z6
	VPERMI2B  Z23, Z22, Z2

	// K1: the first pair in first and the second in firstNext; K2: the
	// second in second and the first in secondBefore.
	VMOVDQA64 Z3, Z8
	VPERMI2B  Z25, Z24, Z8
	VPTESTMB  Z5, Z8, K1
	VMOVDQA64 Z6, Z9
	VPERMI2B  Z27, Z26, Z9
	VPTESTMB  Z2, Z9, K1, K1
	VPERMI2B  Z29, Z28, Z6
	VPTESTMB  Z2, Z6, K2
	VPERMI2B  Z31, Z30, Z3
	VPTESTMB  Z5, Z3, K2, K2
	KORQ      K1, K2, K1

	// R10, bit k: the window at 2k passes. Its offset to out, its
	// dword to win, 16 windows at a time.
	KMOVQ        K1, R10
	PEXTQ        R13, R10, R10
	KMOVW        R10, K3
	VPBROADCASTD AX, Z4
	VPADDD       Z4, Z16, Z5
	VPCOMPRESSD  Z5, K3, Z6
	VMOVDQU32    Z6, (R8)(BX*4)
	VPCOMPRESSD  Z12, K3, Z6
	VMOVDQU32    Z6, (R12)(BX*4)
	MOVL         R10, R11
	ANDL         $0xffff, R11
	POPCNTL      R11, R11
	ADDQ         R11, BX
	SHRL         $16, R10
	KMOVW        R10, K3
	VPBROADCASTD pairHalf<>(SB), Z7
	VPADDD       Z7, Z5, Z5
	VPCOMPRESSD  Z5, K3, Z6
	VMOVDQU32    Z6, (R8)(BX*4)
	VPCOMPRESSD  Z13, K3, Z6
	VMOVDQU32    Z6, (R12)(BX*4)
	POPCNTL      R10, R10
	ADDQ         R10, BX
	ADDQ         $64, AX
	JMP          pairLoop

pairsFound:
	// R14: the next of them to read; R15: the next slot to write.
	WIDE_CONSTANTS
	VPBROADCASTD windowBytes<>(SB), Z17
	XORQ         R14, R14
	XORQ         R15, R15

marksLoop:
	CMPQ R14, BX
	JGE  pairsDone

	// K4: the lanes of this group, 16 or what is left.
	MOVQ    BX, DX
	SUBQ    R14, DX
	MOVQ    $16, R11
	CMPQ    DX, R11
	CMOVQGT R11, DX
	MOVQ    $1, R11
	SHLXQ   DX, R11, R11
	DECQ    R11
	KMOVW   R11, K4

	// The hashes of the windows (Z2), and the dwords at marked+hash.
	VMOVDQU32  (R8)(R14*4), Z5
	VMOVDQU32  (R12)(R14*4), Z6
	VPANDD     Z17, Z6, Z2
	VPORD      Z9, Z2, Z2
	VPMULLD    Z10, Z2, Z2
	VPSRLD     $14, Z2, Z2
	KMOVW      K4, K2
	VPXORD     Z7, Z7, Z7
	VPGATHERDD (DI)(Z2*1), K2, Z7

	// K1: those whose mark holds the bucket of the byte after them.
	VPSRLD   $24, Z6, Z0
	NEIGHBOUR_WIDE(Z0)
	VPTESTMD Z0, Z7, K4, K1

	VPCOMPRESSD Z5, K1, Z5
	VMOVDQU32   Z5, (R8)(R15*4)
	KMOVW       K1, R11
	POPCNTL     R11, R11
	ADDQ        R11, R15
	ADDQ        $16, R14
	JMP         marksLoop

pairsDone:
	VZEROUPPER
	MOVQ R15, n+88(FP)
	MOVQ AX, next+96(FP)
	RET
