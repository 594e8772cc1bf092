package exitcode

import (
	"errors"
	"fmt"
	"testing"
)

func TestOf(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want int
	}{
		{"nil", nil, OK},
		{"plain error", errors.New("boom"), Failure},
		{"usage", New(Usage, errors.New("bad flag")), Usage},
		{"wrapped", fmt.Errorf("reading: %w", New(Problems, errors.New("x"))), Problems},
		{"silent", Silent(Problems), Problems},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Of(tc.err); got != tc.want {
				t.Errorf("Of(%v) = %d, want %d", tc.err, got, tc.want)
			}
		})
	}
}
