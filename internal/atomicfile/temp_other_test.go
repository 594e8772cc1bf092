//go:build !linux

package atomicfile

import "testing"

func useUnnamedFor(*testing.T, bool) {}
