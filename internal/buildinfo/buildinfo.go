// Package buildinfo words what a zsj binary was built from: the module
// version and, when it was built in a git checkout, the commit, its time
// and whether the work tree had uncommitted changes.
//
// It reads what the Go toolchain recorded (runtime/debug.ReadBuildInfo);
// it does not run git or look at the files on disk.
package buildinfo

import (
	"runtime/debug"
	"strings"
)

// revLen is how many hex digits of the commit hash are shown, as git's
// short hashes of large repositories.
const revLen = 12

// Version words the running binary's version. A non-empty override (set
// with -ldflags -X) replaces the module version.
func Version(override string) string {
	info, _ := debug.ReadBuildInfo()
	return Format(info, override)
}

// Format words info: "(devel) rev 1a2b3c4d5e6f 2026-12-03T08:00:00Z", with
// "+dirty" after the revision when the work tree had changes, and just
// the module version when no revision was recorded (go install of a
// tagged version, or a build outside a checkout). info may be nil.
func Format(info *debug.BuildInfo, override string) string {
	version := override
	if version == "" && info != nil {
		version = info.Main.Version
	}
	if version == "" {
		version = "(devel)"
	}
	if info == nil {
		return version
	}
	var rev, when string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return version
	}
	var b strings.Builder
	b.WriteString(version + " rev " + rev[:min(len(rev), revLen)])
	if dirty {
		b.WriteString("+dirty")
	}
	if when != "" {
		b.WriteString(" " + when)
	}
	return b.String()
}
