package gen

import (
	"strconv"
	"unicode/utf8"

	"github.com/zsj-dev/zsj/protocol"
)

// The events that are not about tools: the run's frame, streamed text,
// usage and problems. Keys come in the order of the protocol document.

func (w *runWriter) runStart() {
	g, r := w.g, w.r
	w.begin(evRunStart)
	if r.chance(70) {
		if g.session == "" || !r.chance(30) {
			g.session = g.clock.sessionID(r)
		}
		w.out = appendStringField(w.out, protocol.FieldSessionID, g.session)
	}
	if g.tree != nil {
		w.out = appendStringField(w.out, protocol.FieldCwd, g.tree.root)
	} else {
		w.out = appendStringField(w.out, protocol.FieldCwd, pick(r, workdirs))
	}
	w.out = appendStringField(w.out, protocol.FieldProvider, w.model.provider)
	w.out = appendStringField(w.out, protocol.FieldModel, w.model.name)
	if w.model.apiModel != "" && r.chance(80) {
		w.out = appendStringField(w.out, protocol.FieldAPIModel, w.model.apiModel)
	}
	w.end()
}

// message streams one assistant message as text or reasoning deltas, cut
// at random character boundaries the way a provider's stream is.
func (w *runWriter) message(t evType, sentences []string) {
	if w.g.prose != nil {
		w.realMessage(t)
		return
	}
	r, sh := w.r, &w.g.shape
	// Consecutive sentences from a random start read more like a message
	// than sentences drawn one by one.
	w.stream(t, sentences, func() string { return pick(r, separators) }, func(text []byte, i int) int {
		j := min(i+r.between(sh.deltaBytes[0], sh.deltaBytes[1]), len(text))
		for j < len(text) && !utf8.RuneStart(text[j]) {
			j++
		}
		return j
	})
}

// stream writes a message of consecutive pieces of pool, from a random
// one on and joined by sep, as deltas that cut ends.
func (w *runWriter) stream(t evType, pool []string, sep func() string, cut func(text []byte, i int) int) {
	r, sh := w.r, &w.g.shape
	text := w.scratch[:0]
	next := r.intn(len(pool))
	for target := r.between(sh.messageBytes[0], sh.messageBytes[1]); len(text) < target; {
		if len(text) > 0 {
			text = append(text, sep()...)
		}
		text = append(text, pool[next]...)
		next = (next + 1) % len(pool)
	}
	w.scratch = text
	if t == evText {
		w.answer = append(w.answer[:0], text...)
	}
	secretAt := -1
	if w.g.opts.Secrets && r.chance(15) {
		secretAt = r.intn(len(text))
	}
	for i := 0; i < len(text); {
		j := cut(text, i)
		w.delta(t, text[i:j])
		if secretAt >= i && secretAt < j {
			// A secret in a delta of its own: split across two deltas it
			// would be no single string a redactor could recognize.
			w.delta(t, []byte(w.secretSentence()))
		}
		i = j
	}
	w.context += len(text) / 4
}

var separators = []string{" ", " ", " ", "\n", "\n\n"}

func (w *runWriter) delta(t evType, piece []byte) {
	w.begin(t)
	w.out = append(w.out, `,"delta":"`...)
	w.out = appendEscaped(w.out, piece)
	w.out = append(w.out, '"')
	w.end()
}

// usage reports one model turn's tokens; totalTokens is always exactly
// prompt + completion.
func (w *runWriter) usage() {
	r := w.r
	prompt := w.context + w.pending
	completion := r.between(12, 1600)
	w.context = prompt + completion
	w.pending = 0

	w.begin(evUsage)
	w.out = appendIntField(w.out, protocol.FieldPromptTokens, prompt)
	w.out = appendIntField(w.out, protocol.FieldCompletionTokens, completion)
	w.out = appendIntField(w.out, protocol.FieldTotalTokens, prompt+completion)
	// Some profiles write every field, 0 when the others leave it out.
	every := w.g.shape.everyUsageField
	cached := 0
	if r.chance(60) {
		cached = prompt * r.between(40, 95) / 100
		w.out = appendIntField(w.out, protocol.FieldCachedInputTokens, cached)
	} else if every {
		w.out = appendIntField(w.out, protocol.FieldCachedInputTokens, 0)
	}
	// Providers with explicit prompt caching write the cache on the first
	// turn, and again now and then as the conversation grows.
	if (w.model.provider == "anthropic" || w.model.provider == "google") && (w.usages == 0 || r.chance(40)) {
		w.out = appendIntField(w.out, protocol.FieldCacheWriteTokens, r.between(0, min(prompt-cached, 8000)))
	} else if every {
		w.out = appendIntField(w.out, protocol.FieldCacheWriteTokens, 0)
	}
	if w.model.reasoning && r.chance(70) {
		w.out = appendIntField(w.out, protocol.FieldReasoningTokens, completion*r.between(10, 80)/100)
	} else if every {
		w.out = appendIntField(w.out, protocol.FieldReasoningTokens, 0)
	}
	if w.model.inputNano > 0 && r.chance(75) {
		// Cached input is billed at a tenth of the input price.
		nano := (prompt-cached)*w.model.inputNano + cached*w.model.inputNano/10 + completion*w.model.outputNano
		w.out = appendMicroUSD(appendKey(w.out, protocol.FieldCostUSD), nano/1000)
	} else if every {
		w.out = appendMicroUSD(appendKey(w.out, protocol.FieldCostUSD), 0)
	}
	w.end()
	w.usages++
}

func (w *runWriter) final(text []byte) {
	w.begin(evFinal)
	w.out = append(w.out, `,"text":"`...)
	w.out = appendEscaped(w.out, text)
	w.out = append(w.out, '"')
	w.end()
}

func (w *runWriter) warning(message string) {
	w.begin(evWarning)
	w.out = appendStringField(w.out, protocol.FieldMessage, w.maybeSecretText(message, 30))
	w.end()
}

func (w *runWriter) errorEvent(code, message string, recoverable bool) {
	w.begin(evError)
	w.out = appendStringField(w.out, protocol.FieldCode, code)
	w.out = appendStringField(w.out, protocol.FieldMessage, message)
	w.out = appendBoolField(w.out, protocol.FieldRecoverable, recoverable)
	w.end()
}

func (w *runWriter) runEnd(status string, exitCode int) {
	w.begin(evRunEnd)
	w.out = appendStringField(w.out, protocol.FieldStatus, status)
	w.out = strconv.AppendInt(appendKey(w.out, protocol.FieldExitCode), int64(exitCode), 10)
	w.end()
}
