package protocol

// Severity says whether a problem makes a log invalid.
type Severity uint8

// Severities. --strict turns every warning into an error.
const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Rule codes are stable: scripts, CI annotations and the invalid-line corpus
// in testdata/ name them. A new rule gets a new code; a code never changes
// meaning.
const (
	// Lines (docs/PROTOCOL.md section 1).
	RuleInvalidJSON   = "invalid-json"   // not JSON at all, or broken JSON
	RuleNotObject     = "not-object"     // an array or scalar instead of an object
	RuleTrailingData  = "trailing-data"  // a second value after the object
	RuleInvalidUTF8   = "invalid-utf8"   // bytes that are not UTF-8
	RuleTooDeep       = "too-deep"       // nesting deeper than MaxDepth
	RuleDuplicateKey  = "duplicate-key"  // the same key twice in one object
	RuleTruncatedLine = "truncated-line" // the input ends inside a JSON value
	RuleBOM           = "bom"            // a byte order mark starts the file (warning)

	// Versions (section 2).
	RuleBadVersion      = "bad-version"      // schemaVersion is not 1 or 2
	RuleMixedVersions   = "mixed-versions"   // a line's version differs from the file's
	RuleVersionMismatch = "version-mismatch" // a line's version differs from --schema-version
	RuleViolationInV2   = "violation-in-v2"  // a version 2 event carries violation
	RuleBlockInV1       = "block-in-v1"      // a version 1 event carries block

	// Events (section 3).
	RuleMissingField = "missing-field" // a required field is absent
	RuleUnknownField = "unknown-field" // a field the protocol does not define
	RuleUnknownType  = "unknown-type"  // an event type the protocol does not define
	RuleWrongType    = "wrong-type"    // a field holds the wrong kind of JSON value
	RuleEmptyString  = "empty-string"  // a NonEmpty field is ""
	RuleBadID        = "bad-id"        // an Id that breaks the Id pattern or length
	RuleBadEnum      = "bad-enum"      // a value outside a closed set (status, sideEffect, role)
	RuleBadNumber    = "bad-number"    // a negative count or exit code, or a fractional exit code
	RuleMixedKinds   = "mixed-kinds"   // input and output events in one file

	// Unusual but valid values (section 3): warnings.
	RuleUnusualAction    = "unusual-action"     // a permission action outside the usual set
	RuleUnusualRiskLevel = "unusual-risk-level" // a risk level outside low..critical
	RuleFractionalTokens = "fractional-tokens"  // a token count that is not whole
	RuleTotalMismatch    = "total-mismatch"     // totalTokens != promptTokens + completionTokens

	// Runs (section 4).
	RuleNoRunStart          = "no-run-start"                  // a run's first event is not run_start
	RuleDuplicateRunStart   = "duplicate-run-start"           // a second run_start for one run
	RuleAfterRunEnd         = "after-run-end"                 // an event of a run after its run_end
	RuleFatalNotEnded       = "fatal-error-not-ended"         // after a non-recoverable error, something other than run_end
	RuleFatalEndStatus      = "fatal-error-end-status"        // run_end after a non-recoverable error is not status error
	RuleEndStatusExitCode   = "end-status-exit-code"          // status success with exitCode != 0, or error with 0
	RuleOrphanToolResult    = "orphan-tool-result"            // tool_result for an id never called or requested
	RuleDuplicateToolResult = "duplicate-tool-result"         // a second tool_result for one id
	RuleOrphanDecision      = "orphan-permission-decision"    // decision without an earlier request
	RuleDuplicateDecision   = "duplicate-permission-decision" // a second decision for one request
	RuleDuplicateFinal      = "duplicate-final"               // a second final in one run
	RuleUnfinishedRun       = "unfinished-run"                // no run_end by the end of the input (warning)
	RuleUnredactedSecret    = "unredacted-secret"             // a string matches a redaction rule (warning; see redact)
)

// RuleInfo describes one rule for documentation and tests.
type RuleInfo struct {
	Code     string
	Severity Severity // the default; --strict makes warnings errors
	Summary  string
	// SingleLine is true when one event on its own can break the rule, so
	// a JSON Schema of one event could express it in principle.
	SingleLine bool
}

// Rules lists every rule zsj validate enforces, in the order of docs/PROTOCOL.md.
var Rules = []RuleInfo{
	{RuleInvalidJSON, Error, "the line is not valid JSON", true},
	{RuleNotObject, Error, "the line is a JSON value but not an object", true},
	{RuleTrailingData, Error, "more than one JSON value on the line", true},
	{RuleInvalidUTF8, Error, "the line holds bytes that are not UTF-8", true},
	{RuleTooDeep, Error, "objects and arrays nest deeper than 512 levels", true},
	{RuleDuplicateKey, Error, "an object has the same key twice", true},
	{RuleTruncatedLine, Error, "the input ends in the middle of a JSON value", true},
	{RuleBOM, Warning, "a UTF-8 byte order mark starts the file", false},

	{RuleBadVersion, Error, "schemaVersion is not a supported version (1 or 2)", true},
	{RuleMixedVersions, Error, "events of one file use different schema versions", false},
	{RuleVersionMismatch, Error, "an event's schema version is not the one asked for with --schema-version", false},
	{RuleViolationInV2, Error, "a version 2 event carries violation (renamed block); run zsj upgrade", true},
	{RuleBlockInV1, Error, "a version 1 event carries block (a version 2 field)", true},

	{RuleMissingField, Error, "a required field is missing", true},
	{RuleUnknownField, Error, "a field the protocol does not define (warning with --lenient)", true},
	{RuleUnknownType, Error, "an event type the protocol does not define (warning with --lenient)", true},
	{RuleWrongType, Error, "a field holds the wrong kind of JSON value", true},
	{RuleEmptyString, Error, "a field that must not be empty is empty", true},
	{RuleBadID, Error, "an id is not 1-128 characters of [A-Za-z0-9._:-] starting with a letter or digit", true},
	{RuleBadEnum, Error, "a value is not one of the values the protocol allows", true},
	{RuleBadNumber, Error, "a count is negative, or an exit code is negative or not whole", true},
	{RuleMixedKinds, Error, "input events and output events are mixed in one file", false},

	{RuleUnusualAction, Warning, "a permission action other than prompt, allow, deny, always_allow, cancel", true},
	{RuleUnusualRiskLevel, Warning, "a risk level other than low, medium, high, critical", true},
	{RuleFractionalTokens, Warning, "a token count that is not a whole number", true},
	{RuleTotalMismatch, Warning, "totalTokens is not promptTokens + completionTokens", true},

	{RuleNoRunStart, Error, "the first event of a run is not run_start", false},
	{RuleDuplicateRunStart, Error, "a run has more than one run_start", false},
	{RuleAfterRunEnd, Error, "an event of a run comes after its run_end", false},
	{RuleFatalNotEnded, Error, "a non-recoverable error is not followed by the run's run_end", false},
	{RuleFatalEndStatus, Error, "the run_end after a non-recoverable error does not have status error", false},
	{RuleEndStatusExitCode, Error, "run_end status success goes with exitCode 0, and error with a non-zero exitCode", true},
	{RuleOrphanToolResult, Error, "a tool_result names no earlier tool_call or permission_request of its run", false},
	{RuleDuplicateToolResult, Error, "more than one tool_result for one id", false},
	{RuleOrphanDecision, Error, "a permission_decision names no earlier permission_request of its run", false},
	{RuleDuplicateDecision, Error, "more than one permission_decision for one request", false},
	{RuleDuplicateFinal, Error, "a run has more than one final", false},
	{RuleUnfinishedRun, Warning, "a run has no run_end: log truncated or producer killed?", false},
	{RuleUnredactedSecret, Warning, "a string matches a redaction rule (checked by zsj redact)", true},
}

// MaxDepth is the deepest nesting of objects and arrays a line may have.
const MaxDepth = 512 // JSON nesting levels
