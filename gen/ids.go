package gen

import "time"

// clock is the generator's own notion of time: a start drawn from the seed,
// moved forward a little for each run. The wall clock never enters the
// output, so the same seed gives the same ids.
type clock struct{ now time.Time }

func newClock(r *rng) clock {
	start := time.Date(2026, time.January, 5, 8, 0, 0, 0, time.UTC)
	return clock{now: start.Add(time.Duration(r.intn(180*24*60)) * time.Minute)}
}

// advance moves the clock to the start of the next run.
func (c *clock) advance(r *rng) { c.now = c.now.Add(time.Duration(r.between(20, 3600)) * time.Second) }

const idAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

func appendSuffix(dst []byte, r *rng, n int) []byte {
	for range n {
		dst = append(dst, idAlphabet[r.intn(len(idAlphabet))])
	}
	return dst
}

// runID is run_YYYYMMDD_xxxxxx, as Zero names runs.
func (c *clock) runID(r *rng) string {
	b := c.now.AppendFormat([]byte("run_"), "20060102")
	b = append(b, '_')
	return string(appendSuffix(b, r, 6))
}

// sessionID is zero_YYYYMMDDhhmmss_xxxxxx.
func (c *clock) sessionID(r *rng) string {
	b := c.now.AppendFormat([]byte("zero_"), "20060102150405")
	b = append(b, '_')
	return string(appendSuffix(b, r, 6))
}
