import Testing

#if canImport(Glibc)
import Glibc
#endif

// Glibc's Swift module hides these behind _XOPEN_SOURCE; they are plain C functions.
@_silgen_name("posix_openpt") private func openMaster(_ flags: Int32) -> Int32
@_silgen_name("grantpt") private func grantSlave(_ fd: Int32) -> Int32
@_silgen_name("unlockpt") private func unlockSlave(_ fd: Int32) -> Int32
@_silgen_name("ptsname") private func slaveName(_ fd: Int32) -> UnsafeMutablePointer<CChar>?
/// glibc's POSIX_SPAWN_SETSID: the child starts a new session, so the terminal it opens becomes its
/// controlling terminal and Ctrl-C reaches it as SIGINT.
private let spawnSetSID: Int16 = 0x80

/// Drives the real `ripple repl` in a pseudo-terminal, as a person would.
final class Terminal {
    let master: Int32
    let pid: pid_t
    private(set) var screen = ""

    init?(arguments: [String], environment: [String: String]) {
        let m = openMaster(O_RDWR | O_NOCTTY)
        guard m >= 0, grantSlave(m) == 0, unlockSlave(m) == 0, let name = slaveName(m) else { return nil }
        let slavePath = String(cString: name)
        master = m
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, m)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        // The test runner's threads may block or ignore SIGINT; the child starts with neither.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, spawnSetSID | Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = [rippleExecutable] + arguments
        var cArgs = argv.map { strdup($0) } + [nil]
        var env = environmentStrings(adding: environment).map { strdup($0) } + [nil]
        var child: pid_t = 0
        let status = posix_spawn(&child, rippleExecutable, &actions, &attributes, &cArgs, &env)
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
        for p in cArgs { free(p) }
        for p in env { free(p) }
        guard status == 0 else { return nil }
        pid = child
    }

    /// Types text (control characters included).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until the screen contains `text` after `from` (or the safety bound of 10 s passes).
    @discardableResult
    func waitFor(_ text: String, after from: Int = 0) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<1000 {
            if String(screen.dropFirst(from)).contains(text) { return true }
            var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 1, 10_000) > 0 else { return false }
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { return String(screen.dropFirst(from)).contains(text) }
            screen += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        return false
    }

    /// Types Ctrl-D until the process ends, and returns its exit status.
    ///
    /// A Ctrl-D typed while the terminal is between cooked mode and libedit's raw mode turns into a NUL
    /// character when canonical mode is switched off, and the next Ctrl-D then deletes instead of ending
    /// the input. So each attempt is Ctrl-U (erase the line) followed by Ctrl-D, repeated whenever nothing
    /// has happened for a while.
    func typeEndOfFileUntilExit() -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var attempts = 0
        type("\u{15}\u{04}")
        while true {
            var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 1, 200) == 0 {
                attempts += 1
                guard attempts < 50 else {
                    kill(pid, SIGKILL)         // safety bound: never hang the test run
                    waitpid(pid, nil, 0)
                    close(master)
                    return -1
                }
                type("\u{15}\u{04}")
                continue
            }
            if read(master, &buffer, buffer.count) <= 0 { break }
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
        return (status >> 8) & 0xFF
    }
}

extension Terminal {
    /// Reads until the process closes the terminal (safety bound: 10 s), and returns its exit status, or
    /// 128 + the signal that killed it.
    func waitForExit() -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 1, 10_000) > 0 else { kill(pid, SIGKILL); break }
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            screen += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
        return status & 0x7F != 0 ? 128 + (status & 0x7F) : (status >> 8) & 0xFF
    }
}

/// A fresh HOME for one test, without a history file.
private func freshHome(_ name: String) -> String {
    let home = "/tmp/ripple-pty-\(name)-\(getpid())"
    mkdir(home, 0o755)
    unlink(home + "/.ripple_history")
    return home
}

/// The history file of a HOME, unescaped (libedit writes spaces as \\040), or nil.
private func historyLines(_ home: String) -> [String]? {
    guard let file = fopen(home + "/.ripple_history", "r") else { return nil }
    var bytes: [UInt8] = []
    var c = fgetc(file)
    while c != EOF { bytes.append(UInt8(c)); c = fgetc(file) }
    fclose(file)
    let text = String(decoding: bytes, as: UTF8.self)
    return text.split(separator: "\n").dropFirst().map { line in
        var result = ""
        var rest = Substring(line)
        while let slash = rest.firstIndex(of: "\\") {
            result += rest[..<slash]
            let code = rest[rest.index(after: slash)...].prefix(3)
            if code.count == 3, let value = UInt8(code, radix: 8) {
                result.unicodeScalars.append(UnicodeScalar(value))
                rest = rest[rest.index(slash, offsetBy: 4)...]
            } else {
                result += "\\"
                rest = rest[rest.index(after: slash)...]
            }
        }
        return result + rest
    }
}

extension String {
    func contains(_ other: String) -> Bool { components(other) > 0 }
}

@Suite struct TerminalReplTests {
    @Test("Ctrl-D at the prompt leaves with status 0")
    func endOfFile() throws {
        let term = try #require(Terminal(arguments: ["repl"], environment: ["HOME": "/tmp", "TERM": "dumb"]))
        defer { kill(term.pid, SIGKILL) }
        #expect(term.waitFor("> "))
        let status = term.typeEndOfFileUntilExit()
        if status != 0 { Issue.record("exit status \(status); the screen was: \(term.screen.debugDescription)") }
    }

    @Test("type a function, call it, use history, interrupt a loop with Ctrl-C, keep working, leave with Ctrl-D")
    func session() throws {
        let home = "/tmp/ripple-pty-home-\(getpid())"
        mkdir(home, 0o755)
        unlink(home + "/.ripple_history")
        let term = try #require(Terminal(arguments: ["repl"], environment: ["HOME": home, "TERM": "dumb"]))
        defer { kill(term.pid, SIGKILL) }
        #expect(term.waitFor("> "))
        term.type("function inc(n)\r")
        #expect(term.waitFor(">> "))
        term.type("return n + 1\r")
        term.type("end\r")
        var mark = term.screen.count
        term.type("inc(41)\r")
        #expect(term.waitFor("42", after: mark))
        mark = term.screen.count
        term.type("\u{1B}[A\r")                 // up arrow: the last line again
        #expect(term.waitFor("42", after: mark))
        mark = term.screen.count
        term.type("print('spin' .. 'ning') while true do end\r")
        #expect(term.waitFor("spinning", after: mark))   // the chunk runs
        term.type("\u{03}")                     // Ctrl-C
        #expect(term.waitFor("interrupted!", after: mark))
        mark = term.screen.count
        term.type("inc(1)\r")
        #expect(term.waitFor("2\r\n> ", after: mark))
        let status = term.typeEndOfFileUntilExit()       // Ctrl-D leaves
        if status != 0 { Issue.record("exit status \(status); the screen was: \(term.screen.debugDescription)") }
        let history = fopen(home + "/.ripple_history", "r")
        #expect(history != nil)
        if let history {
            var bytes: [UInt8] = []
            var c = fgetc(history)
            while c != EOF { bytes.append(UInt8(c)); c = fgetc(history) }
            fclose(history)
            #expect(String(decoding: bytes, as: UTF8.self).contains("inc(41)"))
        }
    }

    @Test("Ctrl-C at the prompt clears the line and keeps the session (and its variables)")
    func interruptAtThePrompt() throws {
        let home = freshHome("ctrl-c")
        let term = try #require(Terminal(arguments: ["repl"], environment: ["HOME": home, "TERM": "dumb"]))
        defer { kill(term.pid, SIGKILL) }
        #expect(term.waitFor("> "))
        term.type("x = 41\r")
        #expect(term.waitFor("\r\n> "))
        var mark = term.screen.count
        term.type("1 +")
        #expect(term.waitFor("1 +", after: mark))       // libedit has read the line so far
        term.type("\u{03}")                              // Ctrl-C
        #expect(term.waitFor("^C\r\n> ", after: mark))
        mark = term.screen.count
        term.type("x + 1\r")
        #expect(term.waitFor("42\r\n> ", after: mark))
        mark = term.screen.count
        term.type("function g()\r")                      // Ctrl-C on a '>>' line drops the chunk
        #expect(term.waitFor(">> ", after: mark))
        term.type("\u{03}")
        #expect(term.waitFor("^C\r\n> ", after: mark))
        mark = term.screen.count
        term.type("g\r")
        #expect(term.waitFor("nil\r\n> ", after: mark))
        let status = term.typeEndOfFileUntilExit()
        if status != 0 { Issue.record("exit status \(status); the screen was: \(term.screen.debugDescription)") }
        #expect(historyLines(home) == ["x = 41", "x + 1", "g"])
    }

    @Test(":load of a runaway file stops at Ctrl-C and the session goes on")
    func interruptLoad() throws {
        let home = freshHome("load")
        let file = home + "/spin.lua"
        let handle = fopen(file, "w")
        fputs("print('loading')\nwhile true do end\n", handle)
        fclose(handle)
        let term = try #require(Terminal(arguments: ["repl"], environment: ["HOME": home, "TERM": "dumb"]))
        defer { kill(term.pid, SIGKILL) }
        #expect(term.waitFor("> "))
        var mark = term.screen.count
        term.type(":load \(file)\r")
        #expect(term.waitFor("loading", after: mark))
        term.type("\u{03}")
        #expect(term.waitFor("interrupted!", after: mark))
        #expect(term.waitFor("> ", after: term.screen.count - 2))
        mark = term.screen.count
        term.type("1 + 1\r")
        #expect(term.waitFor("2\r\n> ", after: mark))
        let status = term.typeEndOfFileUntilExit()
        if status != 0 { Issue.record("exit status \(status); the screen was: \(term.screen.debugDescription)") }
    }

    @Test("Ctrl-D on a continuation line reports the incomplete chunk and keeps the session")
    func endOfFileInsideAChunk() throws {
        let home = freshHome("ctrl-d")
        let term = try #require(Terminal(arguments: ["repl"], environment: ["HOME": home, "TERM": "dumb"]))
        defer { kill(term.pid, SIGKILL) }
        #expect(term.waitFor("> "))
        var mark = term.screen.count
        term.type("function f()\r")
        #expect(term.waitFor(">> ", after: mark))
        term.type("\u{04}")                              // Ctrl-D on the empty '>>' line
        #expect(term.waitFor("stdin:1: 'end' expected near <eof> (incomplete chunk discarded)\r\n> ", after: mark))
        mark = term.screen.count
        term.type("t = { 1 }; t.self = t\r")             // the session goes on; a cycle prints
        #expect(term.waitFor("\r\n> ", after: mark))
        mark = term.screen.count
        term.type("t\r")
        #expect(term.waitFor("<1>{[1] = 1, self = <table 1>}\r\n> ", after: mark))
        let status = term.typeEndOfFileUntilExit()
        if status != 0 { Issue.record("exit status \(status); the screen was: \(term.screen.debugDescription)") }
        #expect(historyLines(home) == ["function f()", "t = { 1 }; t.self = t", "t"])
    }

    @Test("the history is saved when a chunk ends the process (os.exit) and when SIGTERM arrives at the prompt")
    func historyOnEveryExitPath() throws {
        let home = freshHome("exit")
        let term = try #require(Terminal(arguments: ["repl"], environment: ["HOME": home, "TERM": "dumb"]))
        defer { kill(term.pid, SIGKILL) }
        #expect(term.waitFor("> "))
        term.type("x = 1\r")
        #expect(term.waitFor("\r\n> "))
        term.type("os.exit(3)\r")
        #expect(term.waitForExit() == 3)
        #expect(historyLines(home) == ["x = 1", "os.exit(3)"])

        let spinning = try #require(Terminal(arguments: ["repl"], environment: ["HOME": home, "TERM": "dumb"]))
        defer { kill(spinning.pid, SIGKILL) }
        #expect(spinning.waitFor("> "))
        spinning.type("print('spin' .. 'ning') while true do end\r")
        #expect(spinning.waitFor("spinning"))
        kill(spinning.pid, SIGTERM)                      // a running chunk does not delay SIGTERM
        #expect(spinning.waitForExit() == 128 + SIGTERM)
        #expect(historyLines(home) == ["x = 1", "os.exit(3)", "print('spin' .. 'ning') while true do end"])

        let again = try #require(Terminal(arguments: ["repl"], environment: ["HOME": home, "TERM": "dumb"]))
        defer { kill(again.pid, SIGKILL) }
        #expect(again.waitFor("> "))
        again.type("y = 2\r")
        #expect(again.waitFor("\r\n> "))
        kill(again.pid, SIGTERM)
        #expect(again.waitForExit() == 128 + SIGTERM)
        #expect(historyLines(home) == ["x = 1", "os.exit(3)", "print('spin' .. 'ning') while true do end", "y = 2"])
    }
}
