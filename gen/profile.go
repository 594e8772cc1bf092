package gen

// shape holds the numbers a profile sets. Ranges are inclusive [lo, hi].
type shape struct {
	steps        [2]int // model turns per run
	callsPerStep [2]int // tool calls per turn
	messageBytes [2]int // raw text of one assistant message
	deltaBytes   [2]int // raw text of one streamed delta
	outputBytes  [2]int // tool output, drawn log-uniform
	reasoningPct int    // chance of a reasoning message in a turn
	interleave   bool   // sometimes write two runs interleaved
	// everyUsageField writes every token field of usage, zero or not.
	everyUsageField bool
}

var profiles = map[Profile]shape{
	OutputHeavy: {
		steps:        [2]int{2, 6},
		callsPerStep: [2]int{1, 3},
		messageBytes: [2]int{40, 400},
		deltaBytes:   [2]int{16, 120},
		outputBytes:  [2]int{2 << 10, 1 << 20},
		reasoningPct: 40,
	},
	Chatty: {
		steps:        [2]int{3, 10},
		callsPerStep: [2]int{0, 2},
		messageBytes: [2]int{200, 3000},
		deltaBytes:   [2]int{1, 24},
		outputBytes:  [2]int{60, 1500},
		reasoningPct: 70,
	},
	Mixed: {
		steps:        [2]int{2, 8},
		callsPerStep: [2]int{0, 3},
		messageBytes: [2]int{80, 1200},
		deltaBytes:   [2]int{4, 60},
		outputBytes:  [2]int{200, 64 << 10},
		reasoningPct: 50,
		interleave:   true,
	},
	// Realistic sizes come from the content tree: outputBytes[1] is only
	// the tools' output cap, and deltas are a few words each.
	Realistic: {
		steps:           [2]int{3, 12},
		callsPerStep:    [2]int{0, 4},
		messageBytes:    [2]int{40, 1200},
		outputBytes:     [2]int{0, realOutputCap},
		reasoningPct:    60,
		everyUsageField: true,
	},
}
