package redact

// PEM private keys: the body between the BEGIN and END lines.

// findPrivateKey: a PEM block whose label ends in PRIVATE KEY (or PRIVATE
// KEY BLOCK, as PGP writes it). The body between the BEGIN and END lines
// is the secret; the two lines stay, so a reader still sees what was
// there. A block cut short (a truncated tool output) loses the lines
// that look like its body.
func findPrivateKey(t []byte, pos int) (int, int, bool) {
	i := pos + len("-----BEGIN")
	if i >= len(t) || t[i] != ' ' {
		return 0, 0, false
	}
	labelEnd := -1
	for j := i + 1; j < len(t) && j-i < 64 && t[j] != '\n'; j++ {
		if hasAt(t, j, "-----") {
			labelEnd = j
			break
		}
	}
	if labelEnd < 0 {
		return 0, 0, false
	}
	label := t[i+1 : labelEnd]
	if !hasSuffix(label, "PRIVATE KEY") && !hasSuffix(label, "PRIVATE KEY BLOCK") {
		return 0, 0, false
	}
	start := labelEnd + len("-----")
	end := indexEnd(t[start:], label)
	whole := end >= 0
	if !whole {
		end = pemBodyEnd(t, start)
	} else {
		end += start
	}
	for start < end && isSpace(t[start]) {
		start++
	}
	for end > start && isSpace(t[end-1]) {
		end--
	}
	if whole && end-start < minPEMBody {
		return 0, 0, false // an example block: no key is that short
	}
	return start, end, end > start
}

// minPEMBody is the length of the shortest private key body: an Ed25519
// key in PKCS #8 is 48 bytes, 64 in base64. A whole block with less
// between its BEGIN and END lines holds a stand-in; a block cut short
// is replaced whatever its length.
const minPEMBody = 64

func hasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

// indexEnd returns where "-----END " + label + "-----" starts in t, or -1.
// A body never holds "-----", so only the first one is looked at: when it
// is not the END line, the block was cut short.
func indexEnd(t, label []byte) int {
	k := indexString(t, "-----")
	if k < 0 {
		return -1
	}
	rest := t[k:]
	if hasAt(rest, 0, "-----END ") && hasAt(rest, len("-----END "), string(label)) && hasAt(rest, len("-----END ")+len(label), "-----") {
		return k
	}
	return -1
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// pemBodyEnd returns where the body of a block with no END line ends:
// before the first line that is neither base64 nor a header of an
// encrypted key (Proc-Type: 4,ENCRYPTED). Line breaks written as \n (a key
// inside a JSON string that a tool printed) count as breaks.
func pemBodyEnd(t []byte, i int) int {
	end := i
	for i < len(t) {
		j, next := lineEnd(t, i)
		if !pemLine(t[i:j]) {
			break
		}
		end, i = j, next
	}
	return end
}

// lineEnd returns where the line at i ends and the next one starts.
func lineEnd(t []byte, i int) (int, int) {
	for j := i; j < len(t); j++ {
		switch {
		case t[j] == '\n':
			return j, j + 1
		case t[j] == '\\' && j+1 < len(t) && t[j+1] == 'n':
			return j, j + 2
		}
	}
	return len(t), len(t)
}

var pemHeaderName = newClass("A-Za-z-")

func pemLine(l []byte) bool {
	for len(l) > 0 && isSpace(l[len(l)-1]) {
		l = l[:len(l)-1]
	}
	for len(l) > 1 && l[len(l)-2] == '\\' && l[len(l)-1] == 'r' {
		l = l[:len(l)-2]
	}
	if n := base64Std.run(l, 0, 0); n+equalsRun(l[n:]) == len(l) {
		return true
	}
	n := pemHeaderName.run(l, 0, 0)
	return n > 0 && hasAt(l, n, ": ")
}

func equalsRun(b []byte) int {
	n := 0
	for n < len(b) && b[n] == '=' {
		n++
	}
	return n
}
