package export

// SchemaVersion names the layout of the Parquet tables: their names,
// columns, types and partitioning. It is written in every file's key-value
// metadata (key MetadataKey) and in DIR/_zsj_export.json. A column added
// at the end keeps the version; a column renamed, retyped or removed, or
// a change of meaning, makes the next one. docs/export.md describes it.
const SchemaVersion = "zsj-export/1"

// MetadataKey is the key of the schema version in each file's metadata.
const MetadataKey = "zsj.schema"

// Tables are the names of the tables, as directories of DIR.
var Tables = []string{"runs", "events", "tool_calls", "usage", "problems"}

// UnknownDay is the partition of rows whose run carries no date: neither
// its runId (run_YYYYMMDD_...) nor its sessionId (zero_YYYYMMDDhhmmss_...),
// and of lines with no runId. It is how zsj usage --by day shows them.
const UnknownDay = "unknown"

// Costs are DECIMAL(18,12): exact, as zsj usage adds them, in units of
// 10^-12 dollar, so a SQL sum equals zsj usage's to the last digit.

// RunRow is a row of the runs table: one run as found in one file, with
// the columns of zsj runs and the run's usage totals.
type RunRow struct {
	RunID     string `parquet:"run_id,dict"`
	File      string `parquet:"file,dict"`
	Line      int64  `parquet:"line"`
	SessionID string `parquet:"session_id,optional"`
	Model     string `parquet:"model,dict,optional"`
	APIModel  string `parquet:"api_model,dict,optional"`
	Provider  string `parquet:"provider,dict,optional"`
	Cwd       string `parquet:"cwd,dict,optional"`
	Started   bool   `parquet:"started"`
	Status    string `parquet:"status,dict"`
	ExitCode  *int64 `parquet:"exit_code,optional"`
	Events    int64  `parquet:"events"`
	ToolCalls int64  `parquet:"tool_calls"`
	Denied    int64  `parquet:"denied"`
	Blocks    int64  `parquet:"blocks"`
	ErrorCode string `parquet:"error_code,dict,optional"`
	Final     bool   `parquet:"final"`
	// Duplicate is true for a run already exported with the same runId
	// and the same events (zsj usage counts it once): sums over the rows
	// with duplicate = false equal zsj usage's.
	Duplicate   bool   `parquet:"duplicate"`
	Fingerprint string `parquet:"fingerprint"`

	UsageEvents       int64  `parquet:"usage_events"`
	PromptTokens      int64  `parquet:"prompt_tokens"`
	CompletionTokens  int64  `parquet:"completion_tokens"`
	TotalTokens       int64  `parquet:"total_tokens"`
	CachedInputTokens int64  `parquet:"cached_input_tokens"`
	CacheWriteTokens  int64  `parquet:"cache_write_tokens"`
	ReasoningTokens   int64  `parquet:"reasoning_tokens"`
	CostUSD           int64  `parquet:"cost_usd,decimal(12:18)"`
	EstimatedCostUSD  int64  `parquet:"estimated_cost_usd,decimal(12:18)"` // at the shipped prices (usage.EmbeddedPrices)
	UnpricedEvents    int64  `parquet:"unpriced_events"`                   // usage events out of the estimate: no price for the model
	Day               string `parquet:"-"`                                 // the partition (day=...), not a column
}

// EventRow is a row of the events table: one line of a log.
type EventRow struct {
	File          string `parquet:"file,dict"`
	Line          int64  `parquet:"line"`
	RunID         string `parquet:"run_id,dict,optional"`
	Seq           int64  `parquet:"seq"` // the event's place in its run, from 0; -1 without runId
	Type          string `parquet:"type,dict,optional"`
	SchemaVersion int64  `parquet:"schema_version,optional"`
	ID            string `parquet:"id,optional"`        // a tool call's id
	Name          string `parquet:"name,dict,optional"` // a tool's name
	Status        string `parquet:"status,dict,optional"`
	Code          string `parquet:"code,dict,optional"`      // an error's code, or a block's
	Bytes         int64  `parquet:"bytes"`                   // the line's length
	Valid         bool   `parquet:"valid"`                   // the line is one JSON object
	Raw           []byte `parquet:"raw,json,plain,optional"` // the line as it is, when Valid
	Day           string `parquet:"-"`                       // the partition (day=...), not a column
}

// ToolCallRow is a row of the tool_calls table: one tool call id of a
// run, joined with its permission request, decision and result.
type ToolCallRow struct {
	RunID            string `parquet:"run_id,dict"`
	File             string `parquet:"file,dict"`
	CallID           string `parquet:"call_id"`
	Name             string `parquet:"name,dict,optional"`
	SideEffect       string `parquet:"side_effect,dict,optional"`
	Line             int64  `parquet:"line"`                // its first event
	EndLine          int64  `parquet:"end_line"`            // its last event
	Seq              int64  `parquet:"seq"`                 // the first event's place in the run
	EndSeq           int64  `parquet:"end_seq"`             // the last event's
	Called           bool   `parquet:"called"`              // a tool_call was seen
	ArgsBytes        int64  `parquet:"args_bytes,optional"` // the JSON text of args
	Requested        bool   `parquet:"requested"`           // a permission_request was seen
	Permission       string `parquet:"permission,dict,optional"`
	PermissionMode   string `parquet:"permission_mode,dict,optional"`
	RiskLevel        string `parquet:"risk_level,dict,optional"`
	Decided          bool   `parquet:"decided"` // a permission_decision was seen
	DecisionAction   string `parquet:"decision_action,dict,optional"`
	Granted          *bool  `parquet:"granted,optional"`
	DecisionReason   string `parquet:"decision_reason,optional"`
	Status           string `parquet:"status,dict,optional"` // the result's: ok or error; null without one
	OutputBytes      int64  `parquet:"output_bytes,optional"`
	Truncated        bool   `parquet:"truncated"`
	Denied           bool   `parquet:"denied"`  // as zsj runs counts denials
	Blocked          bool   `parquet:"blocked"` // the result carries block (violation in version 1)
	BlockCode        string `parquet:"block_code,dict,optional"`
	BlockAction      string `parquet:"block_action,dict,optional"`
	BlockRecoverable *bool  `parquet:"block_recoverable,optional"`
	Day              string `parquet:"-"` // the partition (day=...), not a column
}

// UsageRow is a row of the usage table: one usage event.
type UsageRow struct {
	RunID             string `parquet:"run_id,dict"`
	File              string `parquet:"file,dict"`
	Line              int64  `parquet:"line"`
	Seq               int64  `parquet:"seq"`
	Model             string `parquet:"model,dict,optional"` // the run's, from its run_start
	Provider          string `parquet:"provider,dict,optional"`
	PromptTokens      int64  `parquet:"prompt_tokens"`
	CompletionTokens  int64  `parquet:"completion_tokens"`
	TotalTokens       int64  `parquet:"total_tokens"` // totalTokens, else prompt + completion
	CachedInputTokens int64  `parquet:"cached_input_tokens"`
	CacheWriteTokens  int64  `parquet:"cache_write_tokens"`
	ReasoningTokens   int64  `parquet:"reasoning_tokens"`
	CostUSD           *int64 `parquet:"cost_usd,decimal(12:18),optional"`           // null without costUsd
	EstimatedCostUSD  *int64 `parquet:"estimated_cost_usd,decimal(12:18),optional"` // null when the model has no price
	Day               string `parquet:"-"`                                          // the partition (day=...), not a column
}

// ProblemRow is a row of the problems table: one finding of zsj validate.
type ProblemRow struct {
	File     string `parquet:"file,dict"`
	Line     int64  `parquet:"line"`
	RunID    string `parquet:"run_id,dict,optional"`
	Type     string `parquet:"type,dict,optional"`
	Path     string `parquet:"path,optional"`
	Rule     string `parquet:"rule,dict"`
	Severity string `parquet:"severity,dict"`
	Message  string `parquet:"message"`
	Day      string `parquet:"-"` // the partition (day=...), not a column
}
