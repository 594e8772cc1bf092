package usage

// Deduper drops runs already seen: a run with the ID, fingerprint and
// number of lines of an earlier one is the same run found again (a file
// read twice, a log copied into two folders). A run that shares only its ID
// with earlier ones is a different run — a conflict, worth a warning — and
// is kept. It remembers one fingerprint per distinct run, never events.
type Deduper struct {
	first     map[string]variant   // by run ID: the first run's identity
	more      map[string][]variant // the other identities of conflicting IDs
	conflicts []string             // IDs with more than one identity, in order found
	Dropped   int64                // runs dropped as duplicates
}

type variant struct {
	hash   uint64
	events int64
}

// NewDeduper returns an empty Deduper.
func NewDeduper() *Deduper {
	return &Deduper{first: make(map[string]variant), more: make(map[string][]variant)}
}

// Keep reports whether r is new, and remembers it.
func (d *Deduper) Keep(r *Run) bool {
	v := variant{r.Hash, r.Events}
	first, seen := d.first[r.ID]
	if !seen {
		d.first[r.ID] = v
		return true
	}
	if first == v {
		d.Dropped++
		return false
	}
	others := d.more[r.ID]
	for _, o := range others {
		if o == v {
			d.Dropped++
			return false
		}
	}
	if len(others) == 0 {
		d.conflicts = append(d.conflicts, r.ID)
	}
	d.more[r.ID] = append(others, v)
	return true
}

// Conflicts returns the IDs found with different events, in the order the
// conflicts were found, with how many different runs carry each.
func (d *Deduper) Conflicts() []Conflict {
	out := make([]Conflict, len(d.conflicts))
	for i, id := range d.conflicts {
		out[i] = Conflict{ID: id, Runs: 1 + len(d.more[id])}
	}
	return out
}

// Conflict is a run ID shared by runs with different events.
type Conflict struct {
	ID   string `json:"runId"`
	Runs int    `json:"runs"`
}
