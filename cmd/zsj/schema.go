package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/zsj-dev/zsj/protocol"
)

func init() { register(newSchemaCmd) }

// schemaOptions are the flags of zsj schema.
type schemaOptions struct {
	version int
	kind    string
}

func newSchemaCmd(a *app) *cobra.Command {
	opts := schemaOptions{}
	cmd := &cobra.Command{
		Use:   "schema [--version 1|2] [--kind output|input]",
		Short: "Print the JSON Schema of one event",
		Long: `schema prints a JSON Schema (draft 2020-12) that one event of the protocol
must satisfy, for validators and editors outside zsj.

The schema holds the rules of a single event: required and unknown fields,
value types, ids, enums, the version's sandbox field (violation in version 1,
block in version 2) and run_end's status/exitCode rule. It cannot express
what only a parser sees (duplicate keys, nesting depth, invalid UTF-8), the
checks across the lines of a run, or warnings; 'zsj validate' does all of
that.

--kind output describes the events 'zero exec --output-format stream-json'
writes; --kind input the message and prompt events a client sends.`,
		Example: `  zsj schema > zero-event.schema.json
  zsj schema --version 1 --kind input
  zsj schema > s.json && npx ajv-cli validate --spec=draft2020 -s s.json -d event.json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			kind, err := protocol.ParseKind(opts.kind)
			if err != nil {
				return usageError(err)
			}
			if opts.version != 1 && opts.version != 2 {
				return usageError(fmt.Errorf("--version %d is not a schema version: want 1 or 2", opts.version))
			}
			return writeSchema(a, opts.version, kind)
		},
	}
	cmd.Flags().IntVar(&opts.version, "version", 2, "schema version of the events: 1 or 2")
	cmd.Flags().StringVar(&opts.kind, "kind", protocol.Output.String(), "which events: output (Zero's log) or input (what a client sends)")
	return cmd
}

func writeSchema(a *app, version int, kind protocol.Kind) error {
	schema, err := protocol.Schema(version, kind)
	if err != nil {
		return err
	}
	_, err = a.io.Out.Write(schema)
	return err
}
