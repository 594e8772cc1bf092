package replay

import (
	"io"
	"strconv"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
)

// fixtureHead is what the stand-in needs from a fixture before it has
// read the client's input.
type fixtureHead struct {
	version  int    // the first event's schemaVersion; 2 when it has none
	runStart []byte // the first event when it is a run_start; nil otherwise
}

// peekFixture reads the first event of a fixture.
func peekFixture(path string) (fixtureHead, error) {
	head := fixtureHead{version: 2}
	s, err := OpenFixture(path)
	if err != nil {
		return head, err
	}
	defer s.Close()
	lines := s.Lines()
	for {
		line, err := lines.Next()
		if err == io.EOF {
			return head, nil
		}
		if err != nil {
			return head, input.ReadError(s.Source, err)
		}
		if line.Blank() {
			continue
		}
		members, serr := protocol.ParseObject(line.Text, nil)
		if serr != nil {
			return head, nil
		}
		for i := range members {
			m := &members[i]
			switch string(m.KeyText()) {
			case protocol.FieldSchemaVersion:
				if v := string(m.Value.Raw); v == "1" || v == "2" {
					head.version, _ = strconv.Atoi(v)
				}
			case protocol.FieldType:
				if m.Value.Kind == protocol.KindString && string(protocol.StringValue(m.Value)) == protocol.TypeRunStart {
					head.runStart = append([]byte(nil), line.Text...)
				}
			}
		}
		return head, nil
	}
}

// FailRun writes a run that Zero ends before it starts working: the
// fixture's run_start (runStart, rewritten like every replayed line; one
// is made up when the fixture has none), an error event that is not
// recoverable, and a run_end with status error and exit code exit. The
// run is valid protocol, as Zero's own refusals are.
func (p *Player) FailRun(runStart []byte, version int, code, message string, exit int) error {
	if runStart == nil {
		runStart = []byte(`{"schemaVersion":` + strconv.Itoa(version) +
			`,"type":"run_start","runId":"run_zsj_replay","cwd":"/","provider":"zsj","model":"replay"}`)
	}
	start := append([]byte(nil), p.rw.line(runStart)...)
	runID := []byte(`"run_zsj_replay"`)
	if members, serr := protocol.ParseObject(start, nil); serr == nil {
		for i := range members {
			if string(members[i].KeyText()) == protocol.FieldRunID {
				runID = members[i].Value.Raw
			}
		}
	}
	v := strconv.Itoa(version)
	errorEvent := `{"schemaVersion":` + v + `,"type":"error","runId":` + string(runID) +
		`,"code":` + string(jsonString(code)) + `,"message":` + string(jsonString(message)) + `,"recoverable":false}`
	runEnd := `{"schemaVersion":` + v + `,"type":"run_end","runId":` + string(runID) +
		`,"status":"error","exitCode":` + strconv.Itoa(exit) + `}`
	nl := []byte("\n")
	for _, line := range [][]byte{start, []byte(errorEvent), []byte(runEnd)} {
		if err := p.w.line(nil, line, nl); err != nil {
			return err
		}
	}
	return p.w.flush()
}
