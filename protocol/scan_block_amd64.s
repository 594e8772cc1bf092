//go:build amd64 && !purego

#include "textflag.h"

DATA quote<>+0(SB)/1, $0x22
GLOBL quote<>(SB), RODATA|NOPTR, $1

DATA backslash<>+0(SB)/1, $0x5c
GLOBL backslash<>(SB), RODATA|NOPTR, $1

DATA lastControl<>+0(SB)/1, $0x1f
GLOBL lastControl<>(SB), RODATA|NOPTR, $1

// SPECIAL32(off, dst) sets the low 32 bits of dst to the map of the 32
// bytes at off(SI): a quote, a backslash, or a byte that min(b, 0x1f)
// leaves as it is (a control byte); the sign bit of each byte, which
// VPMOVMSKB takes, adds the non-ASCII ones.
#define SPECIAL32(off, dst) \
	VMOVDQU   off(SI), Y0; \
	VPCMPEQB  Y4, Y0, Y1; \
	VPCMPEQB  Y5, Y0, Y2; \
	VPOR      Y2, Y1, Y1; \
	VPMINUB   Y6, Y0, Y2; \
	VPCMPEQB  Y0, Y2, Y2; \
	VPOR      Y2, Y1, Y1; \
	VPOR      Y0, Y1, Y1; \
	VPMOVMSKB Y1, dst

// func specialMapVector(b *byte) uint64
TEXT ·specialMapVector(SB), NOSPLIT, $0-16
	MOVQ         b+0(FP), SI
	VPBROADCASTB quote<>(SB), Y4
	VPBROADCASTB backslash<>(SB), Y5
	VPBROADCASTB lastControl<>(SB), Y6
	SPECIAL32(0, AX)
	SPECIAL32(32, DX)
	SHLQ         $32, DX
	ORQ          DX, AX
	VZEROUPPER
	MOVQ         AX, ret+8(FP)
	RET
