package main

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"

	"github.com/klauspost/compress/zstd"
	"github.com/pelletier/go-toml/v2"
	gitleaks "github.com/zricethezav/gitleaks/v8/config"
)

// about heads the data file: where the samples come from, under which
// license, and how to make them again.
const about = "True- and false-positive samples of the rules of gitleaks " +
	"(github.com/zricethezav/gitleaks/v8, MIT License, Copyright (c) 2019 Zachary Rice), " +
	"taken from its cmd/generate/config/rules package by redact/internal/gitleakssamples. " +
	"Regenerate with: go generate ./redact/"

// dataFile is what the recall test reads: zstd-compressed JSON, so that the
// samples (credentials in shape, if not in use) do not sit in the
// repository as plain text for every secret scanner to report.
type dataFile struct {
	About string `json:"about"`
	// License is the text of gitleaks' license, which its copies carry.
	License string         `json:"license"`
	Module  string         `json:"module"`
	Version string         `json:"version"`
	Seed    int64          `json:"seed"`
	Rules   []recordedRule `json:"rules"`
}

// newDataFile merges what was recorded per rule id (a rule function may
// validate more than once), in catalogue order. Samples are sorted: some
// helpers hand them over in map order.
func newDataFile(version, license string, seed int64, recorded []recordedRule) *dataFile {
	d := &dataFile{About: about, License: license, Module: gitleaksModule, Version: version, Seed: seed}
	at := map[string]int{}
	for _, r := range recorded {
		i, ok := at[r.ID]
		if !ok {
			i = len(d.Rules)
			at[r.ID] = i
			d.Rules = append(d.Rules, recordedRule{ID: r.ID})
		}
		d.Rules[i].PathOnly = d.Rules[i].PathOnly || r.PathOnly
		d.Rules[i].True = append(d.Rules[i].True, r.True...)
		d.Rules[i].False = append(d.Rules[i].False, r.False...)
	}
	bySample := func(a, b recordedSample) int {
		return strings.Compare(a.Sample+"\x00"+a.Path, b.Sample+"\x00"+b.Path)
	}
	for i := range d.Rules {
		slices.SortFunc(d.Rules[i].True, bySample)
		slices.SortFunc(d.Rules[i].False, bySample)
	}
	return d
}

func (d *dataFile) count(truePositives bool) int {
	n := 0
	for _, r := range d.Rules {
		if truePositives {
			n += len(r.True)
		} else {
			n += len(r.False)
		}
	}
	return n
}

// rulesWithoutSamples lists the ids of ids that no sample was recorded for.
func (d *dataFile) rulesWithoutSamples(ids []string) []string {
	have := map[string]bool{}
	for _, r := range d.Rules {
		have[r.ID] = len(r.True) > 0
	}
	var missing []string
	for _, id := range ids {
		if !have[id] {
			missing = append(missing, id)
		}
	}
	return missing
}

// defaultRuleIDs are the rule ids of gitleaks' default configuration, to
// tell which rules the samples leave out.
func defaultRuleIDs() []string {
	var cfg struct {
		Rules []struct {
			ID string `toml:"id"`
		} `toml:"rules"`
	}
	if err := toml.Unmarshal([]byte(gitleaks.DefaultConfig), &cfg); err != nil {
		return nil
	}
	var ids []string
	for _, r := range cfg.Rules {
		ids = append(ids, r.ID)
	}
	return ids
}

func (d *dataFile) write(name string) error {
	var js bytes.Buffer
	enc := json.NewEncoder(&js)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(d); err != nil {
		return err
	}
	// One encoder goroutine: the same samples give the same bytes.
	zw, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithEncoderLevel(zstd.SpeedBestCompression))
	if err != nil {
		return err
	}
	return os.WriteFile(name, zw.EncodeAll(js.Bytes(), nil), 0o644)
}
