package gen

// rng is a small splitmix64 generator. It is ours rather than math/rand's
// so that the same seed gives the same bytes on every Go version: the
// standard library keeps the right to change how its bounded helpers draw.
type rng struct{ state uint64 }

func newRNG(seed int64, stream uint64) *rng {
	r := &rng{state: uint64(seed) ^ (stream * 0x9e3779b97f4a7c15)}
	r.next() // move away from small seeds such as 0 and 1
	return r
}

func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a number in [0, n). The multiply-shift mapping has a bias of
// at most n/2^32, far below anything a synthetic log could show.
func (r *rng) intn(n int) int {
	if n <= 1 {
		return 0
	}
	return int(((r.next() >> 32) * uint64(n)) >> 32)
}

// between returns a number in [lo, hi].
func (r *rng) between(lo, hi int) int { return lo + r.intn(hi-lo+1) }

// between64 is between for numbers an int may not hold where it has 32
// bits; where it has 64 it returns what between would.
func (r *rng) between64(lo, hi int64) int64 {
	if hi <= lo {
		return lo // as intn, without a draw
	}
	return lo + int64(((r.next()>>32)*uint64(hi-lo+1))>>32)
}

// chance is true with probability percent/100.
func (r *rng) chance(percent int) bool { return r.intn(100) < percent }

// logUniform returns a number in [lo, hi] whose logarithm is uniform, so
// small sizes are common and large ones still appear: the shape of real
// tool outputs.
func (r *rng) logUniform(lo, hi int) int {
	if lo >= hi {
		return lo
	}
	// Pick one of the doublings between lo and hi, then a point inside it;
	// no math.Log, so results cannot depend on floating point.
	steps := 0
	for v := lo; v < hi; v *= 2 {
		steps++
	}
	base := lo << r.intn(steps)
	return r.between(base, min(2*base, hi))
}

func pick[T any](r *rng, items []T) T { return items[r.intn(len(items))] }
