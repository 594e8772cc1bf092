package replay

import (
	"fmt"
	"strings"

	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/protocol"
)

// promptSeparator joins accepted input contents, as the protocol says.
const promptSeparator = "\n\n"

// buildPrompt turns what the client sent into the prompt, as Zero would.
// problem, when not "", is why Zero would refuse the input: it becomes
// the message of an invalid_input error event and names the input line.
//
// A PROMPT argument comes first. Text input is the whole of stdin (or the
// --file) without its final line end; input events are checked one by one
// (blank lines ignored, but counted for line numbers) and their contents
// joined with a blank line.
func buildPrompt(call zeroCall, data []byte, version int) (prompt string, problem string) {
	var parts []string
	if call.hasPrompt {
		parts = append(parts, call.prompt)
	}
	switch {
	case call.inputFormat == "stream-json":
		contents, problem := inputContents(data, version)
		if problem != "" {
			return "", problem
		}
		parts = append(parts, contents...)
	case data != nil:
		text := strings.TrimSuffix(strings.TrimSuffix(string(data), "\n"), "\r")
		if text != "" {
			parts = append(parts, text)
		}
	}
	if len(parts) == 0 {
		if call.inputFormat == "stream-json" {
			return "", "no input events: send message or prompt events on stdin, then close it"
		}
		return "", "no prompt: give one as an argument or on stdin"
	}
	return strings.Join(parts, promptSeparator), ""
}

// inputContents checks every input event and returns their contents in
// order. The first line Zero would refuse ends the check.
func inputContents(data []byte, version int) (contents []string, problem string) {
	var members []protocol.Member
	for _, line := range input.SplitLines(data, 1, nil) {
		if line.Blank() {
			continue
		}
		if msg := checkInputEvent(line.Text, version); msg != "" {
			return nil, fmt.Sprintf("input line %d: %s", line.Num, msg)
		}
		members, _ = protocol.ParseObject(line.Text, members[:0])
		for i := range members {
			if string(members[i].KeyText()) == "content" {
				contents = append(contents, string(protocol.StringValue(members[i].Value)))
			}
		}
	}
	return contents, ""
}

// checkInputEvent says what is wrong with one input line, "" if nothing:
// the protocol's rules for message and prompt events (unknown fields, a
// role other than user, empty content) at the schema version expected. An
// output event is named as such rather than as one missing its runId.
func checkInputEvent(text []byte, version int) string {
	members, serr := protocol.ParseObject(text, nil)
	if serr == nil {
		for i := range members {
			m := &members[i]
			if string(m.KeyText()) != protocol.FieldType || m.Value.Kind != protocol.KindString {
				continue
			}
			typ := string(protocol.StringValue(m.Value))
			if !protocol.IsInputType(typ) && isOutputType(typ) {
				return fmt.Sprintf("%q is an output event, not an input event (message or prompt) [%s]", typ, protocol.RuleUnknownType)
			}
		}
	}
	for _, p := range protocol.ValidateEvent(text, protocol.Options{SchemaVersion: version}) {
		if p.Severity == protocol.Error {
			msg := strings.TrimSuffix(p.Message, " (--schema-version)")
			return msg + " [" + p.Rule + "]"
		}
	}
	return ""
}

func isOutputType(typ string) bool {
	for _, t := range protocol.EventTypes(false) {
		if t == typ {
			return true
		}
	}
	return false
}
