import RippleRunner
import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// Runs scenario files in `jobs` long-lived worker processes (`ripple test --worker`), each fed file paths
/// over a pipe, and hands back what each file printed and reported, in file order, as soon as it arrives
/// for the first unfinished file.
///
/// Processes rather than threads, so that a file that crashes its process (a signal, `os.exit`) is
/// reported as that file's failure and the run goes on in a fresh worker.
struct WorkerPool {
    /// What a file produced, in the order it produced it.
    enum Event {
        /// Bytes the script wrote to standard output.
        case output([UInt8])
        /// A trace event (`--trace`): its text and its JSON fields.
        case trace(String, fields: String)
        /// A scenario began (its full name).
        case begin(String)
        /// A scenario's result.
        case scenario(ScenarioResult)
    }

    let files: [String]
    let jobs: Int
    let arguments: [String]
    /// The order in which files are handed to workers (indices into ``files``; nil: file order). The
    /// output is in file order whatever it is.
    var order: [Int]?
    /// How long each file took, from being handed to a worker to its last record (filled by ``run``).
    private(set) var measured: [(file: String, nanoseconds: UInt64)] = []
    /// Stop at the first failed scenario (or file error) handed over in file order (`--fail-fast`): the
    /// report of that file ends with it, later files are not reported.
    var stopsAfterFailure = false
    /// Wall-clock time a file may run in its worker (`--timeout`); past it the worker is killed, the file
    /// fails naming the scenario that was running, and the run goes on in a fresh worker. nil: no limit.
    var timeoutNanoseconds: UInt64?

    private struct Worker {
        let pid: pid_t
        let input: Int32       // file paths, one a line
        let records: Int32     // WorkerProtocol records (the worker's fd 3)
        let output: Int32      // the worker's standard output: an unlinked temporary file (read with pread)
        var outputRead: Int = 0  // bytes of it handed over so far
        var file: Int?         // the index of the file it runs
        var pending: [UInt8] = []
        var closed = false
    }

    private struct FileState {
        var events: [Event] = []
        var delivered = 0
        var report: ScenarioRunner.FileReport
        var done = false
        var running: String?   // the scenario that began and has not ended (named if the worker crashes)
        var startedAt: UInt64 = 0
        var finishedAt: UInt64 = 0
    }

    /// Set by the SIGINT handler.
    nonisolated(unsafe) static var interrupted: sig_atomic_t = 0

    /// Runs every file; `event` gets each file's events in file order, `finish` each file's report once
    /// it is complete. Returns false when interrupted (SIGINT) or stopped by ``stopsAfterFailure`` before every file ran.
    mutating func run(event: (Int, Event) -> Void, finish: (ScenarioRunner.FileReport) -> Void) -> Bool {
        let order = self.order ?? Array(files.indices)
        WorkerPool.interrupted = 0
        signal(SIGINT) { _ in WorkerPool.interrupted = 1 }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)  // a parent may have spawned us with it blocked
        signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGINT, SIG_DFL) }
        var states = files.map { FileState(report: .init(file: $0, scenarios: [], error: nil, events: [])) }
        var workers: [Worker] = []
        var next = 0
        var head = 0
        var stopped = false
        while head < files.count && !stopped {
            if WorkerPool.interrupted != 0 { break }
            // Feed idle workers; start workers while there is work and room.
            for w in workers.indices where workers[w].file == nil && !workers[w].closed && next < files.count {
                states[order[next]].startedAt = ScenarioClock.now()
                assign(order[next], to: &workers[w]); next += 1
            }
            while workers.filter({ !$0.closed }).count < jobs && next < files.count {
                guard var worker = spawn() else {
                    states[order[next]].report.error = "cannot start a worker process"
                    states[order[next]].done = true
                    next += 1
                    continue
                }
                states[order[next]].startedAt = ScenarioClock.now()
                assign(order[next], to: &worker); next += 1
                workers.append(worker)
            }
            // Wait for records (a worker's output is read up to the offset each `Q` record gives).
            let live = workers.indices.filter { !workers[$0].closed }
            if !live.isEmpty {
                var fds = live.map { pollfd(fd: workers[$0].records, events: Int16(POLLIN), revents: 0) }
                if poll(&fds, nfds_t(fds.count), pollTimeout(live.map { workers[$0] }, states)) < 0 { continue }  // EINTR: check the flag
                for (k, w) in live.enumerated() where fds[k].revents != 0 {
                    readRecords(&workers[w], into: &states)
                }
                for w in live where !workers[w].closed { stopIfTimedOut(&workers[w], into: &states) }
            }
            // Hand over what the first unfinished files have produced.
            while head < files.count {
                let state = states[head]
                var failedAt: Int?   // with stopsAfterFailure: scenarios up to the first failure
                var delivered = state.report.scenarios.count - state.events[state.delivered...].filter {
                    if case .scenario = $0 { return true } else { return false }
                }.count
                for e in state.events[state.delivered...] {
                    event(head, e)
                    if case .scenario(let result) = e {
                        delivered += 1
                        if stopsAfterFailure && !result.passed { failedAt = delivered; break }
                    }
                }
                states[head].delivered = state.events.count
                if let failedAt {
                    var report = state.report
                    report.scenarios.removeSubrange(failedAt...)
                    report.error = nil
                    finish(report)
                    stopped = true
                    break
                }
                guard state.done else { break }
                finish(state.report)
                head += 1
                if stopsAfterFailure && !state.report.passed {
                    stopped = true
                    break
                }
            }
        }
        for worker in workers where !worker.closed {
            kill(worker.pid, SIGKILL)
            close(worker.input); close(worker.records); close(worker.output)
            var status: Int32 = 0
            waitpid(worker.pid, &status, 0)
        }
        measured = states.filter { $0.finishedAt > 0 }.map { ($0.report.file, $0.finishedAt &- $0.startedAt) }
        return head == files.count
    }

    /// How long `poll` may wait (milliseconds): until the first running file reaches the timeout; -1
    /// (for ever) without one.
    private func pollTimeout(_ workers: [Worker], _ states: [FileState]) -> Int32 {
        guard let timeout = timeoutNanoseconds else { return -1 }
        let now = ScenarioClock.now()
        var wait = UInt64.max
        for worker in workers {
            guard let file = worker.file else { continue }
            let elapsed = now &- states[file].startedAt
            wait = Swift.min(wait, elapsed >= timeout ? 0 : timeout - elapsed)
        }
        if wait == UInt64.max { return -1 }
        return Int32(Swift.min(wait / 1_000_000 + 1, 60_000))
    }

    /// Kills the worker when its file ran past the timeout: the file fails with what it was running.
    private func stopIfTimedOut(_ worker: inout Worker, into states: inout [FileState]) {
        guard let timeout = timeoutNanoseconds, let file = worker.file,
              ScenarioClock.now() &- states[file].startedAt > timeout else { return }
        kill(worker.pid, SIGKILL)
        drainOutput(&worker, upTo: nil, into: &states)  // what it printed before
        worker.closed = true
        close(worker.input); close(worker.records); close(worker.output)
        var status: Int32 = 0
        waitpid(worker.pid, &status, 0)
        let seconds = Double(timeout) / 1e9
        let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        let during = states[file].running.map { " while running '\($0)'" } ?? ""
        states[file].report.error = "the file ran past the --timeout of \(shown) s\(during): its worker was stopped (Lua's string patterns and other work inside C are not reached by --instruction-limit)"
        states[file].done = true
        states[file].finishedAt = ScenarioClock.now()
        worker.file = nil
    }

    private func assign(_ index: Int, to worker: inout Worker) {
        worker.file = index
        let line = Array((files[index] + "\n").utf8)
        _ = line.withUnsafeBytes { write(worker.input, $0.baseAddress, $0.count) }
    }

    /// Hands over the worker's output up to byte `offset` (nil: all of it) as its file's output.
    private func drainOutput(_ worker: inout Worker, upTo offset: Int?, into states: inout [FileState]) {
        var end = offset ?? 0
        if offset == nil {
            var info = stat()
            guard fstat(worker.output, &info) == 0 else { return }
            end = Int(info.st_size)
        }
        while worker.outputRead < end {
            // Exactly the bytes announced (a chunk of at most 64 KiB): zeroing a 64 KiB buffer per call was
            // most of the runner's own instructions (J1, docs/performance.md, Session 6 → tidy).
            let wanted = min(65536, end - worker.outputRead)
            var chunk = [UInt8](repeating: 0, count: wanted)
            let n = pread(worker.output, &chunk, wanted, off_t(worker.outputRead))
            guard n > 0 else { return }
            worker.outputRead += n
            if n < wanted { chunk.removeLast(wanted - n) }
            if let file = worker.file { states[file].events.append(.output(chunk)) }
        }
    }

    private func readRecords(_ worker: inout Worker, into states: inout [FileState]) {
        let n = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65536) { buffer -> Int in
            let n = read(worker.records, buffer.baseAddress, buffer.count)
            if n > 0 { worker.pending.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<n])) }
            return n
        }
        if n <= 0 {
            drainOutput(&worker, upTo: nil, into: &states)  // what it printed before it died
            exited(&worker, into: &states)
            return
        }
        while let newline = worker.pending.firstIndex(of: 10) {
            let line = String(decoding: worker.pending[..<newline], as: UTF8.self)
            worker.pending.removeSubrange(...newline)
            guard let file = worker.file else { continue }
            switch WorkerProtocol.record(line) {
            case .scenario(let result):
                states[file].events.append(.scenario(result))
                states[file].report.scenarios.append(result)
                states[file].running = nil
            case .error(let message):
                states[file].report.error = message
            case .trace(let text, let fields):
                states[file].events.append(.trace(text, fields: fields))
            case .golden(let path):
                states[file].report.goldenFiles.append(path)
            case .begin(let name):
                states[file].events.append(.begin(name))
                states[file].running = name
            case .outputMark(let offset):
                drainOutput(&worker, upTo: offset, into: &states)
            case .done:
                states[file].done = true
                states[file].finishedAt = ScenarioClock.now()
                worker.file = nil
            case nil:
                continue
            }
        }
    }

    /// The worker died: its file fails with the reason, and the worker is gone (a new one starts if needed).
    private func exited(_ worker: inout Worker, into states: inout [FileState]) {
        worker.closed = true
        close(worker.input); close(worker.records); close(worker.output)
        var status: Int32 = 0
        waitpid(worker.pid, &status, 0)
        guard let file = worker.file else { return }
        let signalNumber = status & 0x7F
        let reason: String
        let during = states[file].running.map { " while running '\($0)'" } ?? ""
        if signalNumber != 0 {
            let name = strsignal(signalNumber).map { String(cString: $0) } ?? "signal"
            reason = "the worker running this file crashed\(during): signal \(signalNumber) (\(name))"
        } else {
            reason = "the worker running this file exited with status \((status >> 8) & 0xFF)\(during) before the file ended"
        }
        states[file].report.error = reason
        states[file].done = true
        worker.file = nil
    }

    private func spawn() -> Worker? {
        var input: [Int32] = [0, 0], records: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&records) == 0 else { return nil }
        // Standard output: an unlinked file opened for appending, shared with any child the script starts,
        // so that its size when a record is sent says exactly which output came before the record.
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/ripple-worker-XXXXXX").utf8CString)
        let outputFile = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard outputFile >= 0 else {
            for fd in input + records { close(fd) }
            return nil
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(outputFile, F_SETFL, O_APPEND)
        let output = [outputFile, outputFile]
        for fd in [input[1], records[0], output[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 4)  // file paths: fd 4, so a script reading stdin cannot eat them
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, records[1], 3)
        let argv = ["ripple", "test", "--worker"] + arguments
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)  // a worker must die of the signals it gets
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, &cArgs, environ)
        close(input[0]); close(records[1])
        guard status == 0 else {
            close(input[1]); close(records[0]); close(output[0])
            return nil
        }
        return Worker(pid: pid, input: input[1], records: records[0], output: output[0])
    }
}
