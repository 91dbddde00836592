package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// subcommand is one subcommand's flags and usage text, parsed the same
// way for sim, backup and loadtest: -h prints the usage to stdout, and a
// wrong argument prints the error and the usage to stderr (errUsage).
type subcommand struct {
	name, synopsis, about string
	fs                    *flag.FlagSet
	stdout, stderr        io.Writer
}

func newSubcommand(name, synopsis, about string, stdout, stderr io.Writer) *subcommand {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return &subcommand{name: name, synopsis: synopsis, about: about, fs: fs, stdout: stdout, stderr: stderr}
}

func (c *subcommand) usage(w io.Writer) {
	fmt.Fprintln(w, "usage: "+c.synopsis)
	fmt.Fprintln(w, c.about)
	c.fs.SetOutput(w)
	c.fs.PrintDefaults()
	c.fs.SetOutput(io.Discard)
}

// parse reads args; its error is flag.ErrHelp after printing the usage,
// or errUsage after explaining what was wrong.
func (c *subcommand) parse(args []string) error {
	if err := c.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			c.usage(c.stdout)
			return err
		}
		return c.fail("%v", err)
	}
	return nil
}

// fail explains a wrong argument with the usage and returns errUsage.
func (c *subcommand) fail(format string, args ...any) error {
	fmt.Fprintf(c.stderr, c.name+": "+format+"\n", args...)
	c.usage(c.stderr)
	return errUsage
}
