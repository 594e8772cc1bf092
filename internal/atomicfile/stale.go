package atomicfile

import (
	"os"
	"path/filepath"
)

// Stale is a temporary file of Write's left behind by a process that no
// longer runs (killed while it was replacing a file).
type Stale struct {
	Path  string
	Owner int // the process id its name records, on this host
}

// RemoveStale removes from dir the temporary files Write names whose
// owning process is gone, and returns those it removed. A file whose
// owner still runs, or whose name is not one Write gives, is left alone;
// so is one whose owner cannot be checked on this system, and one written
// on another host (or by a host with no name): a process id says nothing
// about another host's processes, and a folder on a network file system
// may be in use there. A process id
// reused by a new process keeps its old temporary file until that process
// ends too: a file is never removed from under a running writer.
func RemoveStale(dir string) ([]Stale, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var removed []Stale
	for _, e := range entries {
		o, ok := parseTempName(e.Name())
		if !ok || !e.Type().IsRegular() || o.host != thisHost() || o.pid == os.Getpid() || !ownerGone(o.pid) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if err := os.Remove(path); err != nil {
			if os.IsNotExist(err) {
				continue // another run took it first
			}
			return removed, err
		}
		removed = append(removed, Stale{Path: path, Owner: o.pid})
	}
	return removed, nil
}
