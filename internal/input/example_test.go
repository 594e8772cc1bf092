package input_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/zsj-dev/zsj/internal/input"
)

// A command reads every input through Expand and Each, and each input's
// lines through Lines; unreadable inputs are reported and skipped.
func Example() {
	sources, errs := input.Expand([]string{"-", "missing.jsonl"})
	for _, err := range errs {
		fmt.Println("error:", err)
	}
	stdin := strings.NewReader("{\"type\":\"text\"}\r\n\n{\"type\":\"final\"}")
	err := input.Each(sources, stdin,
		func(src input.Source, err error) { fmt.Println("error:", err) },
		func(s *input.Stream) error {
			lines := s.Lines()
			for {
				l, err := lines.Next()
				if err == io.EOF {
					return nil
				}
				if err != nil {
					fmt.Printf("%s: %v\n", s.Name, err)
					return nil // go on with the next input
				}
				if !l.Blank() {
					fmt.Printf("%s:%d: %s (EOL %q)\n", s.Name, l.Num, l.Text, l.EOL)
				}
			}
		})
	fmt.Println("stopped:", err)
	// Output:
	// error: open missing.jsonl: no such file or directory
	// <stdin>:1: {"type":"text"} (EOL "\r\n")
	// <stdin>:3: {"type":"final"} (EOL "")
	// stopped: <nil>
}

// An ordered run works on chunks of lines on all cores and takes the
// results back in input order; unreadable inputs are reported at their
// place. A line's number in its source is known in order, in Done.
func ExampleOrdered() {
	sources, _ := input.Expand([]string{"-"})
	sources = append(sources, input.Source{Name: "missing.jsonl", Path: "missing.jsonl"})
	o := input.Ordered{
		Stdin: strings.NewReader("{\"type\":\"text\"}\n\n{\"type\":\"final\"}\n"),
		Work: func(worker int, c *input.Chunk) {
			var events []input.Line // valid until Done returns
			var l input.Line
			lines := c.Splitter()
			for lines.Next(&l) {
				if !l.Blank() {
					events = append(events, l)
				}
			}
			c.Out = events
		},
		Done: func(c *input.Chunk) error {
			for _, l := range c.Out.([]input.Line) {
				fmt.Printf("%s:%d: %s\n", c.Source.Name, c.Base+l.Num, l.Text)
			}
			return nil
		},
		Failed: func(src input.Source, err error) { fmt.Println("error:", err) },
	}
	if err := o.Run(sources); err != nil {
		fmt.Println(err)
	}
	// Output:
	// <stdin>:1: {"type":"text"}
	// <stdin>:3: {"type":"final"}
	// error: open missing.jsonl: no such file or directory
}
