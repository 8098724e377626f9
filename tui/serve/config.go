package serve

import (
	"errors"
	"fmt"
	"io"

	"charm.land/ssh"

	"infoscope/tui"
	"infoscope/tui/fsio"
)

// Configuration over SSH. A local inspector reads its user's configuration
// file ($XDG_CONFIG_HOME/infoscope/config); the server's own is the server
// owner's, not its users', so it is not applied to anyone. A session takes
// instead, first found:
//   - its key's own configuration, which the user keeps on the server with
//     `ssh HOST config --set < FILE` (the state directory, config/KEY.conf,
//     written atomically like a save);
//   - the server's, `serve --config FILE` (read once at start: an entry it
//     refuses stops the start, the operator is there to fix it);
//   - the defaults.
// Only keys and theme apply: the decode and the rest are the server's
// (a flags entry is refused).

// configName is how messages name a key's own configuration: never by the
// server's path.
const configName = "your configuration (ssh HOST config)"

// loadServerConfig reads serve --config: nil for none.
func loadServerConfig(path string) (*tui.Settings, []byte, error) {
	if path == "" {
		return nil, nil, nil
	}
	data, err := fsio.ReadLimited(path, "configuration file (--config)", maxConfigBytes)
	if err != nil {
		return nil, nil, err
	}
	if data == nil {
		return nil, nil, fmt.Errorf("configuration file (--config) %s: not found", path)
	}
	st, errs := parseSessionConfig(path, data)
	if len(errs) > 0 {
		return nil, nil, fmt.Errorf("configuration file (--config): %w", errors.Join(errs...))
	}
	return &st, data, nil
}

// parseSessionConfig is tui.ParseConfig for sessions: a flags entry is
// refused (the server's flags hold for every session).
func parseSessionConfig(name string, data []byte) (tui.Settings, []error) {
	st, errs := tui.ParseConfig(name, data)
	if len(st.Flags) > 0 {
		errs = append(errs, fmt.Errorf("%s: flags are not applied over SSH (the server's hold for every session): remove the entry", st.FlagsLine))
		st.Flags, st.FlagsLine = nil, ""
	}
	return st, errs
}

// fixedTheme is the tui.Config.Theme of a configuration's theme: "dark"
// or "light" fix the palette; auto, mono (tui.Config.Mono) and none follow
// the client's terminal.
func fixedTheme(theme string) string {
	if theme == "dark" || theme == "light" {
		return theme
	}
	return ""
}

// settings is the configuration st's inspector starts with, and the
// entries of the key's own that are refused (shown in the inspector, as a
// local configuration's are).
func (s *server) settings(st *session) (tui.Settings, []error) {
	data, _, ok, err := s.state.read(configDir, st.key)
	if err != nil {
		s.log.Error("configuration not read", "session", st.id, "key", st.key, "err", err)
		return s.defaultSettings(), []error{errors.New(configName + ": the server could not read it (its log says why): the server's is used")}
	}
	if ok {
		return parseSessionConfig(configName, data)
	}
	return s.defaultSettings(), nil
}

// defaultSettings is the server's configuration, else the defaults: a
// fresh copy each time (a session's bindings are its own).
func (s *server) defaultSettings() tui.Settings {
	if s.config != nil {
		st, _ := parseSessionConfig(s.cfg.ConfigPath, s.configText)
		return st
	}
	return tui.Settings{Keys: tui.DefaultKeys()}
}

// configCmd is `ssh HOST config [--set | --reset]`: the configuration the
// key's sessions use on stdout (whose it is on stderr); --set keeps stdin
// as the key's own once every entry of it is accepted, --reset drops it.
func (s *server) configCmd(sess ssh.Session, st *session, args []string) {
	switch {
	case len(args) == 0:
		data, _, ok, err := s.state.read(configDir, st.key)
		switch {
		case err != nil:
			s.log.Error("configuration not read", "session", st.id, "key", st.key, "err", err)
			s.exit(sess, st, 1, configName+": the server could not read it (its log says why)")
			return
		case ok:
			_, _ = sess.Write(data)
			s.exit(sess, st, 0, "")
		case s.config != nil:
			_, _ = sess.Write(s.configText)
			s.exit(sess, st, 0, "this is the server's configuration: you keep none of your own (ssh HOST config --set < FILE)")
		default:
			_, _ = io.WriteString(sess, tui.DefaultConfig())
			s.exit(sess, st, 0, "these are the defaults: neither you nor the server set a configuration (ssh HOST config --set < FILE)")
		}
	case len(args) == 1 && args[0] == "--set":
		s.setConfig(sess, st)
	case len(args) == 1 && args[0] == "--reset":
		if err := s.state.resetConfig(st.key); err != nil {
			s.log.Error("configuration not removed", "session", st.id, "key", st.key, "err", err)
			s.exit(sess, st, 1, "the server could not remove your configuration (its log says why)")
			return
		}
		s.log.Info("configuration reset", "session", st.id, "key", st.key)
		s.exit(sess, st, 0, "your configuration is gone: your next session uses the server's")
	default:
		s.exit(sess, st, 2, "usage: ssh HOST config [--set < FILE | --reset]")
	}
}

// setConfig reads the key's configuration from stdin (at most
// maxConfigBytes, under the idle and session limits) and keeps it if every
// entry is accepted; else it says which are not and keeps nothing.
func (s *server) setConfig(sess ssh.Session, st *session) {
	interrupted := s.interruptible(sess, st)
	go st.watchdog(s.cfg.IdleTimeout, s.cfg.MaxSessionTime)
	data, err := io.ReadAll(io.LimitReader(active{rw: sess, st: st}, maxConfigBytes+1))
	close(st.done)
	if interrupted() {
		s.exit(sess, st, 1, "") // the interrupt told the client why
		return
	}
	if err != nil {
		s.exit(sess, st, 1, "reading your configuration: "+err.Error())
		return
	}
	if len(data) > maxConfigBytes {
		s.exit(sess, st, 1, fmt.Sprintf("your configuration is larger than the server keeps (%d bytes): nothing kept", maxConfigBytes))
		return
	}
	if _, errs := parseSessionConfig(configName, data); len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintf(sess.Stderr(), "infoscope: %v\n", e)
		}
		s.exit(sess, st, 1, "nothing kept: your sessions use what they did")
		return
	}
	if err := s.state.write(configDir, st.key, data); err != nil {
		s.log.Error("configuration NOT kept", "session", st.id, "key", st.key, "err", err)
		s.exit(sess, st, 1, "the server could not write your configuration to its disk (its log says why): nothing kept")
		return
	}
	s.log.Info("configuration kept", "session", st.id, "key", st.key)
	s.exit(sess, st, 0, "kept: your next session uses it")
}
