import CEdit

#if canImport(Glibc)
import Glibc
#endif

/// What reading a line gave.
enum LineInput: Equatable {
    /// A line, without its newline.
    case line(String)
    /// Ctrl-C at the prompt: the line typed so far was dropped.
    case interrupted
    /// Ctrl-D on an empty line, or the end of piped input.
    case endOfInput
    /// SIGTERM or SIGHUP (the terminal closed): leave, saving the history.
    case terminated(Int32)
}

/// Reads the REPL's input: libedit (line editing, history, completion) on a terminal, plain lines
/// without prompts or escape codes otherwise.
protocol LineReader {
    /// The next line, an interrupt, or the end of input.
    mutating func readLine(prompt: String) -> LineInput
    /// Records a complete chunk in the history, and saves the history file at once (so every way of
    /// leaving, `os.exit()` and a closed terminal included, keeps it).
    mutating func addHistory(_ chunk: String)
}

/// The `free` of the shared C libraries (libedit's `strdup`, the C library's `getline`): memory they
/// allocate goes back through it, never through the `free` this executable's own code binds to.
///
/// The two differ under AddressSanitizer: `ripple` links the Swift runtime statically (`-static-stdlib`)
/// and the sanitizer's runtime with it, without exporting `malloc`/`free` to the dynamic symbol table, so
/// shared libraries keep the C library's allocator while Swift code calls the sanitizer's `free` — which
/// then reports a line libedit returned as a `bad-free` (as it does for `Swift.readLine`, whose
/// `getline` buffer crosses the same border). Looked up by name in the global scope, the way the
/// libraries' own calls are bound, it is the right `free` in every build.
let libraryFree: @convention(c) (UnsafeMutableRawPointer?) -> Void = {
    if let symbol = dlsym(nil, "free") {      // nil: RTLD_DEFAULT
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
    }
    return free
}()

/// Plain standard input: no prompt, no editing.
struct PlainLineReader: LineReader {
    mutating func readLine(prompt: String) -> LineInput {
        Self.readLine(from: ripple_stdin()).map(LineInput.line) ?? .endOfInput
    }
    mutating func addHistory(_ chunk: String) {}

    /// The next line of `file` without its newline (`\n` or `\r\n`), as `Swift.readLine` gives it, or nil
    /// at the end of input. Read byte by byte into Swift's own buffer: no C buffer changes hands (see
    /// ``libraryFree``).
    static func readLine(from file: UnsafeMutablePointer<FILE>) -> String? {
        var bytes: [UInt8] = []
        while true {
            let c = getc(file)
            if c == EOF {
                if bytes.isEmpty { return nil }
                break
            }
            if c == 10 { break }
            bytes.append(UInt8(truncatingIfNeeded: c))
        }
        if bytes.last == 13 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The completion source libedit calls back into (one REPL per process).
nonisolated(unsafe) var completionSource: ((String) -> [String])?
nonisolated(unsafe) private var pendingCompletions: [String] = []

/// libedit's completion entry function: called with state 0 first, then 1, 2, … until it returns NULL.
private func completionEntry(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
    if state == 0 {
        let word = text.map { String(cString: $0) } ?? ""
        pendingCompletions = completionSource?(word) ?? []
    }
    guard !pendingCompletions.isEmpty else { return nil }
    return strdup(pendingCompletions.removeFirst())
}

/// The signal that arrived while waiting for input (0: none). Written by the handler only.
nonisolated(unsafe) private var promptSignal: sig_atomic_t = 0
/// The line libedit handed to the callback, and whether it did.
nonisolated(unsafe) private var callbackLine: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var callbackDone = false

/// The self-pipe that wakes `poll` whichever thread the signal is delivered to.
nonisolated(unsafe) private var wakeUpPipe: [Int32] = [-1, -1]

private func promptSignalHandler(_ signal: Int32) {
    promptSignal = signal
    var byte: UInt8 = 1
    _ = write(wakeUpPipe[1], &byte, 1)
}

private func lineCallback(_ line: UnsafeMutablePointer<CChar>?) {
    callbackLine = line
    callbackDone = true
}

/// Installs the recording handler for `signal`.
private func catchSignal(_ signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = promptSignalHandler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(signal, &action, nil)
}

/// libedit's readline-compatible interface in its callback form, with history in a dotfile.
///
/// The callback form lets the REPL wait for input itself (`poll`), so a Ctrl-C at the prompt interrupts
/// the wait instead of killing the process: the line is dropped and a fresh prompt shown, as `lua.c` and
/// ipython do. SIGTERM and SIGHUP end the wait the same way, so the REPL can leave in order.
struct EditLineReader: LineReader {
    let historyPath: String?

    init(historyPath: String?) {
        self.historyPath = historyPath
        ripple_configure_completion(strdup(" \t\n\"'`@$><=;|&{(,+-*/%^#~[]"), completionEntry)
        stifle_history(1000)
        if let historyPath { _ = read_history(historyPath) }
        if wakeUpPipe[0] < 0, pipe(&wakeUpPipe) == 0 {
            for fd in wakeUpPipe {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
    }

    /// Handlers that only record the signal; no SA_RESTART, so `poll` returns with EINTR.
    private func installSignalHandlers() {
        for signal in [SIGINT, SIGTERM, SIGHUP] { catchSignal(signal) }
    }

    /// Catches Ctrl-C between chunks (a Ctrl-C typed while results print is dropped).
    func catchInterrupts() { catchSignal(SIGINT) }

    /// Empties the wake-up pipe (a signal may have arrived while a chunk ran).
    private func drainWakeUps() {
        var drain = [UInt8](repeating: 0, count: 16)
        while read(wakeUpPipe[0], &drain, drain.count) > 0 {}
    }

    mutating func readLine(prompt: String) -> LineInput {
        drainWakeUps()
        promptSignal = 0
        callbackDone = false
        callbackLine = nil
        installSignalHandlers()
        // While a chunk runs, SIGTERM and SIGHUP end the process at once (the history is already saved);
        // SIGINT stays caught until the chunk's own handler replaces it, so a Ctrl-C typed in between is
        // dropped instead of killing the session.
        defer {
            signal(SIGTERM, SIG_DFL)
            signal(SIGHUP, SIG_DFL)
        }
        rl_callback_handler_install(prompt, lineCallback)
        while true {
            var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeUpPipe[0], events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, -1)
            if promptSignal != 0 {
                let signal = promptSignal
                drainWakeUps()
                rl_callback_handler_remove()
                if signal == SIGINT {
                    writeOut("^C\n")
                    return .interrupted
                }
                writeOut("\n")
                return .terminated(signal)
            }
            if ready < 0 {
                if errno == EINTR { continue }
                rl_callback_handler_remove()
                return .endOfInput
            }
            if fds[1].revents != 0 { drainWakeUps() }
            if fds[0].revents == 0 { continue }          // a stray wake-up byte
            if fds[0].revents & Int16(POLLIN) == 0 {
                // Hang-up or error on the terminal without data: nothing more will come.
                rl_callback_handler_remove()
                return .endOfInput
            }
            rl_callback_read_char()
            if callbackDone {
                rl_callback_handler_remove()
                guard let line = callbackLine else { return .endOfInput }
                // The line is ours to free (libedit `strdup`s it for the callback, as GNU readline does),
                // with the allocator libedit used.
                defer { libraryFree(line) }
                return .line(String(cString: line))
            }
        }
    }

    mutating func addHistory(_ chunk: String) {
        _ = add_history(chunk)
        if let historyPath { _ = write_history(historyPath) }
    }

    private func writeOut(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count) }
    }
}
