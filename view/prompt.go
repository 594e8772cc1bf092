package view

import (
	tea "charm.land/bubbletea/v2"
)

// prompt is a line of text typed on the status line: a filter (applied
// as it is typed when live) or a search.
type prompt struct {
	label string
	text  string
	live  bool
	// done receives the text: ok on enter, not ok on esc (a live prompt
	// then gets "" back, its text cleared).
	done func(ok bool, text string)
}

func (m *model) promptKey(msg tea.KeyPressMsg) {
	p := m.prompt
	switch msg.String() {
	case "enter":
		m.prompt = nil
		p.done(true, p.text)
		return
	case "esc":
		m.prompt = nil
		if p.live {
			p.done(true, "")
		}
		return
	case "backspace":
		if r := []rune(p.text); len(r) > 0 {
			p.text = string(r[:len(r)-1])
		}
	default:
		if msg.Text == "" {
			return
		}
		p.text += msg.Text
	}
	if p.live {
		p.done(true, p.text)
	}
}
