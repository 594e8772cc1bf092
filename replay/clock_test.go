package replay

import "time"

// fakeClock moves only when slept on, and remembers every sleep, so pacing
// is checked exactly and at once.
type fakeClock struct {
	now   time.Time
	slept []time.Duration
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Unix(1_700_000_000, 0)} }

func (c *fakeClock) Now() time.Time { return c.now }

func (c *fakeClock) Sleep(d time.Duration) {
	c.slept = append(c.slept, d)
	c.now = c.now.Add(d)
}

// elapse moves the clock without a sleep: time spent writing.
func (c *fakeClock) elapse(d time.Duration) { c.now = c.now.Add(d) }
