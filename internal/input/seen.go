package input

import "os"

// seenFiles remembers the files already taken by Expand, by identity
// rather than by name, so a file named twice (directly and through its
// folder, as ./a and a, or through a symlink named explicitly) is read
// once.
type seenFiles struct {
	ids   map[fileID]struct{}
	other []os.FileInfo // where the system gives no file id: compared one by one
}

// add records info and reports whether its file was new.
func (s *seenFiles) add(info os.FileInfo) bool {
	if id, ok := idOf(info); ok {
		if _, dup := s.ids[id]; dup {
			return false
		}
		if s.ids == nil {
			s.ids = map[fileID]struct{}{}
		}
		s.ids[id] = struct{}{}
		return true
	}
	for _, o := range s.other {
		if os.SameFile(o, info) {
			return false
		}
	}
	s.other = append(s.other, info)
	return true
}
