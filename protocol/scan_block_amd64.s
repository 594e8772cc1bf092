//go:build amd64 && !purego

#include "textflag.h"

// BYTE_CONST(name, value) declares a read-only byte, for VPBROADCASTB.
#define BYTE_CONST(name, value) \
	DATA  name<>+0(SB)/1, $value; \
	GLOBL name<>(SB), RODATA|NOPTR, $1

BYTE_CONST(quote, 0x22)
BYTE_CONST(backslash, 0x5c)
BYTE_CONST(lastControl, 0x1f)
BYTE_CONST(firstLead, 0xc0)
BYTE_CONST(lowNibble, 0x0f)
BYTE_CONST(hexBits, 0x30)
BYTE_CONST(letterU, 0x75)

// Two classes of bytes by nibbles: a byte is in one when its entries in
// the two tables share one of its bits. The characters a two-byte escape
// may end with, "\/bfnrt: bit 0 for high nibble 2 (" and /), bit 1 for 5
// (\), bit 2 for 6 (b, f, n), bit 3 for 7 (r, t). Hex digits: bit 4 for
// high nibble 3 (0-9), bit 5 for 4 and 6 (A-F, a-f).
DATA classLow<>+0(SB)/8, $0x10343038303d3010
DATA classLow<>+8(SB)/8, $0x0104000200001010
GLOBL classLow<>(SB), RODATA|NOPTR, $16

DATA classHigh<>+0(SB)/8, $0x0824022010010000
DATA classHigh<>+8(SB)/8, $0x0000000000000000
GLOBL classHigh<>(SB), RODATA|NOPTR, $16

// The classes of a register of bytes y, each into Y1 (a byte of ones
// for a byte in the class), with the constants BLOCK_CONSTANTS loads.
#define IS_BACKSLASH(y) VPCMPEQB Y4, y, Y1
#define IS_QUOTE(y) VPCMPEQB Y5, y, Y1
#define IS_CONTROL(y) VPMINUB Y6, y, Y1; VPCMPEQB y, Y1, Y1
#define IS_LEAD(y) VPMAXUB Y7, y, Y1; VPCMPEQB y, Y1, Y1
#define IS_U(y) VPCMPEQB Y13, y, Y1

// CLASSES(y) sets Y2 to the bits of classLow and classHigh that the
// bytes of y have.
#define CLASSES(y) \
	VPAND    Y8, y, Y1; \
	VPSHUFB  Y1, Y9, Y1; \
	VPSRLW   $4, y, Y2; \
	VPAND    Y8, Y2, Y2; \
	VPSHUFB  Y2, Y10, Y2; \
	VPAND    Y1, Y2, Y2

// NOT_ESCAPE and NOT_HEX take Y2 from CLASSES.
#define NOT_ESCAPE VPAND Y8, Y2, Y1; VPCMPEQB Y11, Y1, Y1
#define NOT_HEX VPAND Y12, Y2, Y1; VPCMPEQB Y11, Y1, Y1
#define NOT_ESCAPE_OF(y) CLASSES(y); NOT_ESCAPE

#define BLOCK_CONSTANTS \
	VPBROADCASTB   backslash<>(SB), Y4; \
	VPBROADCASTB   quote<>(SB), Y5; \
	VPBROADCASTB   lastControl<>(SB), Y6; \
	VPBROADCASTB   firstLead<>(SB), Y7; \
	VPBROADCASTB   lowNibble<>(SB), Y8; \
	VBROADCASTI128 classLow<>(SB), Y9; \
	VBROADCASTI128 classHigh<>(SB), Y10; \
	VPXOR          Y11, Y11, Y11; \
	VPBROADCASTB   hexBits<>(SB), Y12; \
	VPBROADCASTB   letterU<>(SB), Y13

// STORE_LOW(field) stores the mask of Y1's high bits, a bit per byte of
// the first half of a block, in the field at field(DI); STORE_HIGH ors
// in that of the second half, 32 bits up.
#define STORE_LOW(field) \
	VPMOVMSKB Y1, AX; \
	MOVQ      AX, field(DI)

#define STORE_HIGH(field) \
	VPMOVMSKB Y1, AX; \
	SHLQ      $32, AX; \
	ORQ       AX, field(DI)

// BLOCK_MASKS(off, STORE) computes the masks of the 32 bytes at off(SI)
// into Y1 one at a time and has STORE put each in its field of
// blockMasks: backslash 0, quote 8, control 16, nonASCII 24, lead 32,
// notEscape 40, notHex 48, u 56.
#define BLOCK_MASKS(off, STORE) \
	VMOVDQU off(SI), Y0; \
	IS_BACKSLASH(Y0); \
	STORE(0); \
	IS_QUOTE(Y0); \
	STORE(8); \
	IS_CONTROL(Y0); \
	STORE(16); \
	VMOVDQA Y0, Y1; \
	STORE(24); \
	IS_LEAD(Y0); \
	STORE(32); \
	CLASSES(Y0); \
	NOT_ESCAPE; \
	STORE(40); \
	NOT_HEX; \
	STORE(48); \
	IS_U(Y0); \
	STORE(56)

// func blockMasksVector(b *byte, m *blockMasks)
TEXT ·blockMasksVector(SB), NOSPLIT, $0-16
	MOVQ b+0(FP), SI
	MOVQ m+8(FP), DI
	BLOCK_CONSTANTS
	BLOCK_MASKS(0, STORE_LOW)
	BLOCK_MASKS(32, STORE_HIGH)
	VZEROUPPER
	RET

DATA evenBitsMask<>+0(SB)/8, $0x5555555555555555
GLOBL evenBitsMask<>(SB), RODATA|NOPTR, $8

// MASK64(class, dst) sets dst to the 64-bit mask of the block in Y0 (its
// first 32 bytes) and Y3 (the rest) that class, a macro from a register
// of bytes to Y1, computes.
#define MASK64(class, dst) \
	class(Y0); \
	VPMOVMSKB Y1, dst; \
	class(Y3); \
	VPMOVMSKB Y1, AX; \
	SHLQ      $32, AX; \
	ORQ       AX, dst

// func plainBlocks(p *byte, n int) (off int, closed, escaped bool)
//
// The loop of fastBlock for blocks of ASCII without \u escapes, in one
// call: see plainBlocks in scan_block_masks.go.
TEXT ·plainBlocks(SB), NOSPLIT, $0-26
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	XORQ R8, R8                          // off
	XORQ R9, R9                          // the backslashes in the string
	MOVQ evenBitsMask<>(SB), R12
	BLOCK_CONSTANTS

block:
	LEAQ      72(R8), AX
	CMPQ      AX, CX
	JGT       stop
	VMOVDQU   (SI)(R8*1), Y0
	VMOVDQU   32(SI)(R8*1), Y3
	VPOR      Y0, Y3, Y1
	VPMOVMSKB Y1, AX
	TESTL     AX, AX
	JNZ       stop                       // non-ASCII: fastBlock's

	MASK64(IS_BACKSLASH, BX)
	MASK64(IS_QUOTE, DX)
	MASK64(IS_CONTROL, R10)
	MASK64(NOT_ESCAPE_OF, R11)

	// The bytes escaped: after each run of an odd number of backslashes
	// (see escapedBits); R13 is set when such a run ends the block.
	MOVQ  BX, AX
	SHLQ  $1, AX
	NOTQ  AX
	ANDQ  BX, AX                         // the first backslash of each run
	MOVQ  AX, DI
	ANDQ  R12, DI                        // those at even places
	XORQ  DI, AX                         // those at odd places
	ADDQ  BX, DI
	ADDQ  BX, AX
	SETCS R13
	MOVQ  BX, R14
	NOTQ  R14
	ANDQ  R14, DI                        // the ends of runs from even places
	ANDQ  R14, AX                        // from odd places
	ANDQ  R12, AX
	MOVQ  R12, R14
	NOTQ  R14
	ANDQ  R14, DI
	ORQ   AX, DI                         // DI: escaped

	// The string's bytes: those before the first quote not escaped.
	MOVQ  DI, AX
	NOTQ  AX
	ANDQ  AX, DX                         // the quotes not escaped
	MOVQ  DX, AX
	SUBQ  $1, AX
	MOVQ  DX, R14
	NOTQ  R14
	ANDQ  R14, AX                        // AX: within

	// No control byte there, and nothing escaped but what ends a
	// two-byte escape (a \u escape is fastBlock's).
	ANDQ  R11, DI
	ORQ   R10, DI
	TESTQ AX, DI
	JNZ   stop
	ANDQ  AX, BX
	ORQ   BX, R9

	TESTQ DX, DX
	JNZ   closing
	ADDQ  $64, R8
	MOVBQZX R13, R13
	SUBQ  R13, R8                        // a spilling escape starts the next block
	JMP   block

closing:
	BSFQ  DX, DX
	LEAQ  1(R8)(DX*1), R8
	MOVB  $1, closed+24(FP)
	JMP   done

stop:
	MOVB  $0, closed+24(FP)

done:
	MOVQ  R8, off+16(FP)
	TESTQ R9, R9
	SETNE escaped+25(FP)
	VZEROUPPER
	RET

BYTE_CONST(lead2First, 0xc2)
BYTE_CONST(lead2Last, 0xdf)
BYTE_CONST(lead3First, 0xe0)
BYTE_CONST(lead3Last, 0xef)
BYTE_CONST(lead4First, 0xf0)
BYTE_CONST(lead4Last, 0xf4)
BYTE_CONST(leadED, 0xed)
BYTE_CONST(cont8F, 0x8f)
BYTE_CONST(cont9F, 0x9f)

// IN_RANGE(first, last, y) sets Y1 to ones for the bytes of y from first
// to last (registers of those bytes); Y2 is scratch.
#define IN_RANGE(first, last, y) \
	VPMAXUB first, y, Y1; \
	VPCMPEQB y, Y1, Y1; \
	VPMINUB last, y, Y2; \
	VPCMPEQB y, Y2, Y2; \
	VPAND Y2, Y1, Y1

#define AT_MOST(last, y) VPMINUB last, y, Y1; VPCMPEQB y, Y1, Y1

// UTF8_MASKS(off, STORE) computes the masks of utf8Masks for the 32 bytes
// at off(SI): lead2 0, lead3 8, lead4 16, e0 24, ed 32, f0 40, f4 48,
// atMost8F 56, atMost9F 64.
#define UTF8_MASKS(off, STORE) \
	VMOVDQU off(SI), Y0; \
	IN_RANGE(Y4, Y5, Y0); \
	STORE(0); \
	IN_RANGE(Y6, Y7, Y0); \
	STORE(8); \
	IN_RANGE(Y8, Y9, Y0); \
	STORE(16); \
	VPCMPEQB Y6, Y0, Y1; \
	STORE(24); \
	VPCMPEQB Y10, Y0, Y1; \
	STORE(32); \
	VPCMPEQB Y8, Y0, Y1; \
	STORE(40); \
	VPCMPEQB Y9, Y0, Y1; \
	STORE(48); \
	AT_MOST(Y11, Y0); \
	STORE(56); \
	AT_MOST(Y12, Y0); \
	STORE(64)

// func utf8MasksVector(b *byte, m *utf8Masks)
TEXT ·utf8MasksVector(SB), NOSPLIT, $0-16
	MOVQ         b+0(FP), SI
	MOVQ         m+8(FP), DI
	VPBROADCASTB lead2First<>(SB), Y4
	VPBROADCASTB lead2Last<>(SB), Y5
	VPBROADCASTB lead3First<>(SB), Y6
	VPBROADCASTB lead3Last<>(SB), Y7
	VPBROADCASTB lead4First<>(SB), Y8
	VPBROADCASTB lead4Last<>(SB), Y9
	VPBROADCASTB leadED<>(SB), Y10
	VPBROADCASTB cont8F<>(SB), Y11
	VPBROADCASTB cont9F<>(SB), Y12
	UTF8_MASKS(0, STORE_LOW)
	UTF8_MASKS(32, STORE_HIGH)
	VZEROUPPER
	RET
