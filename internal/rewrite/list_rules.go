package rewrite

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/term"
)

// ListRules is zsj redact --list-rules: every rule the options give, in
// the order the rules run, with its id, source and keywords; with
// --format json, one JSON object per line. Nothing is read from the
// inputs.
func ListRules(io *term.IO, opts RedactOptions) error {
	rules, err := opts.ruleSet(io)
	if err != nil {
		return exitcode.New(exitcode.Usage, err)
	}
	if opts.Format == "json" {
		enc := json.NewEncoder(io.Out)
		for _, r := range rules.Rules() {
			kws := r.Keywords
			if kws == nil {
				kws = []string{}
			}
			if err := enc.Encode(struct {
				ID       string   `json:"id"`
				Source   string   `json:"source"`
				Keywords []string `json:"keywords"`
			}{r.ID, r.Source, kws}); err != nil {
				return err
			}
		}
		return nil
	}
	tw := tabwriter.NewWriter(io.Out, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tSOURCE\tKEYWORDS")
	for _, r := range rules.Rules() {
		shown := make([]string, len(r.Keywords))
		for i, k := range r.Keywords {
			shown[i] = k
			if k == "" || strings.ContainsAny(k, " \t\n,\"\\") || !strconv.IsPrint(rune(k[0])) {
				shown[i] = strconv.Quote(k)
			}
		}
		kws := strings.Join(shown, ", ")
		if kws == "" {
			kws = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r.ID, r.Source, kws)
	}
	return tw.Flush()
}
