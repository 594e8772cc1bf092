package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestFormat(t *testing.T) {
	vcs := func(rev, time, modified string) []debug.BuildSetting {
		s := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}}
		if time != "" {
			s = append(s, debug.BuildSetting{Key: "vcs.time", Value: time})
		}
		if modified != "" {
			s = append(s, debug.BuildSetting{Key: "vcs.modified", Value: modified})
		}
		return s
	}
	const rev = "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b"
	for _, tc := range []struct {
		name     string
		info     *debug.BuildInfo
		override string
		want     string
	}{
		{"no build info", nil, "", "(devel)"},
		{"no build info, override", nil, "abc123", "abc123"},
		{"module version only", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, "", "v1.2.0"},
		{"empty module version", &debug.BuildInfo{}, "", "(devel)"},
		{"clean checkout", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "2026-12-03T08:00:00Z", "false")}, "",
			"(devel) rev 1a2b3c4d5e6f 2026-12-03T08:00:00Z"},
		{"dirty checkout", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "2026-12-03T08:00:00Z", "true")}, "",
			"(devel) rev 1a2b3c4d5e6f+dirty 2026-12-03T08:00:00Z"},
		{"no time", &debug.BuildInfo{Main: debug.Module{Version: "v0.3.1"}, Settings: vcs(rev, "", "")}, "",
			"v0.3.1 rev 1a2b3c4d5e6f"},
		{"short revision", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("abc", "", "")}, "",
			"(devel) rev abc"},
		{"override keeps the revision", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "2026-12-03T08:00:00Z", "false")}, "b332ce1",
			"b332ce1 rev 1a2b3c4d5e6f 2026-12-03T08:00:00Z"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Format(tc.info, tc.override); got != tc.want {
				t.Errorf("Format = %q, want %q", got, tc.want)
			}
		})
	}
}
