// hclcheck reads a Terraform file with HashiCorp's own HCL 2 parser (Debian's
// golang-github-hashicorp-hcl-v2-dev) and prints what Terraform would see in it as JSON:
// every block with its type, labels, nested blocks and attributes, each attribute evaluated
// with no variables and no functions. A syntax error, or an attribute that is not a constant
// (an interpolation that escaping should have prevented), prints the diagnostics on stderr
// and exits 1. The tests build it with `go build` (tst_cliterraform).
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

type block struct {
	Type       string                     `json:"type"`
	Labels     []string                   `json:"labels"`
	Attributes map[string]json.RawMessage `json:"attributes"`
	Blocks     []block                    `json:"blocks"`
}

func read(body *hclsyntax.Body) ([]block, hcl.Diagnostics) {
	var all hcl.Diagnostics
	out := []block{}
	for _, b := range body.Blocks {
		entry := block{Type: b.Type, Labels: b.Labels, Attributes: map[string]json.RawMessage{}}
		if entry.Labels == nil {
			entry.Labels = []string{}
		}
		names := make([]string, 0, len(b.Body.Attributes))
		for name := range b.Body.Attributes {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			value, diags := b.Body.Attributes[name].Expr.Value(nil)
			all = append(all, diags...)
			if diags.HasErrors() {
				continue
			}
			text, err := ctyjson.Marshal(value, value.Type())
			if err != nil {
				all = append(all, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: err.Error()})
				continue
			}
			entry.Attributes[name] = text
		}
		nested, diags := read(b.Body)
		all = append(all, diags...)
		entry.Blocks = nested
		out = append(out, entry)
	}
	return out, all
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: hclcheck FILE.tf")
		os.Exit(2)
	}
	source, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	file, diags := hclsyntax.ParseConfig(source, os.Args[1], hcl.Pos{Line: 1, Column: 1})
	if diags.HasErrors() {
		fmt.Fprintln(os.Stderr, diags.Error())
		os.Exit(1)
	}
	blocks, diags := read(file.Body.(*hclsyntax.Body))
	if diags.HasErrors() {
		fmt.Fprintln(os.Stderr, diags.Error())
		os.Exit(1)
	}
	if len(file.Body.(*hclsyntax.Body).Attributes) > 0 {
		fmt.Fprintln(os.Stderr, "top-level attributes: a Terraform file holds blocks only")
		os.Exit(1)
	}
	text, _ := json.MarshalIndent(blocks, "", "  ")
	fmt.Println(string(text))
}
