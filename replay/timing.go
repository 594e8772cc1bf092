package replay

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/zsj-dev/zsj/internal/input"
)

// The timing file.
//
// record writes FIXTURE.timing beside FIXTURE: one line per line of the
// fixture, blank lines included, in the same order. Each line is a decimal
// number of milliseconds (three decimals, e.g. "1503.250") from the start of
// the recorded command to the moment the line's end arrived, when a client
// reading lines could first act on it. Offsets never decrease.
//
// replay --realtime waits out the difference between one line's offset and
// the previous one's (the first line's offset counts from the start), so
// the client sees the recorded rhythm, including the producer's start-up
// time. A fixture longer than its timing file plays its extra lines without
// a pause.

// TimingSuffix is appended to a fixture's path to name its timing file.
const TimingSuffix = ".timing"

// TimingPath is the timing file of a fixture.
func TimingPath(fixture string) string { return fixture + TimingSuffix }

// ReadTiming reads a timing file into offsets from the start, one per
// fixture line.
func ReadTiming(path string) ([]time.Duration, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	offsets, err := parseTiming(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return offsets, nil
}

func parseTiming(r io.Reader) ([]time.Duration, error) {
	var offsets []time.Duration
	lines := input.NewReader(r)
	for {
		l, err := lines.Next()
		if err == io.EOF {
			return offsets, nil
		}
		if err != nil {
			return nil, err
		}
		text := strings.TrimSpace(string(l.Text))
		ms, err := strconv.ParseFloat(text, 64)
		if err != nil || ms < 0 || math.IsInf(ms, 0) || math.IsNaN(ms) {
			return nil, fmt.Errorf("line %d: %q is not a number of milliseconds", l.Num, text)
		}
		offsets = append(offsets, time.Duration(ms*float64(time.Millisecond)))
	}
}

// appendOffset formats one timing line.
func appendOffset(dst []byte, d time.Duration) []byte {
	dst = strconv.AppendFloat(dst, float64(d)/float64(time.Millisecond), 'f', 3, 64)
	return append(dst, '\n')
}

// WriteTiming writes offsets in the timing file format.
func WriteTiming(w io.Writer, offsets []time.Duration) error {
	bw := bufio.NewWriter(w)
	var line []byte
	for _, d := range offsets {
		line = appendOffset(line[:0], d)
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}
