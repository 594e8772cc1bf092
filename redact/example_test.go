package redact_test

import (
	"fmt"

	"github.com/zsj-dev/zsj/redact"
)

// Redact one event: the sensitive member and the assignment in the
// command line are replaced, every other byte stays.
func Example() {
	rules, err := redact.Compile(redact.Config{})
	if err != nil {
		panic(err)
	}
	r := rules.NewRedactor() // one per goroutine
	line := []byte(`{"type":"tool_call","args":{"command":"PASSWORD=hunter2 make migrate","apiKey":"k-123"}}`)
	out, res := r.Line(line, nil)
	fmt.Println(string(out))
	for _, m := range res.Matches {
		fmt.Println(m.Rule, m.Path)
	}
	// Output:
	// {"type":"tool_call","args":{"command":"PASSWORD=[REDACTED] make migrate","apiKey":"[REDACTED]"}}
	// sensitive-assignment $.args.command
	// sensitive-key $.args.apiKey
}

// Check a line without changing it, as zsj validate does.
func ExampleRedactor_Find() {
	rules, _ := redact.Compile(redact.Config{Secrets: []string{"s3cr3t-value"}})
	matches := rules.NewRedactor().Find([]byte(`{"type":"text","runId":"r","delta":"the value is s3cr3t-value"}`))
	for _, m := range matches {
		fmt.Println(m.Rule, m.Path, len(m.Fingerprint))
	}
	// Output:
	// user-secret $.delta 8
}
