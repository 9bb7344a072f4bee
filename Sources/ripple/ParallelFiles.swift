import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// Runs scenario files in child processes (`ripple test --worker FILE`), at most `jobs` at a time,
/// and hands their reports back in file order as soon as each next one is complete.
///
/// Children rather than threads: every file gets a process of its own, so nothing a script changes
/// (class-wide settings, signal handlers) can leak into another file.
struct ParallelFiles {
    let files: [String]
    let jobs: Int
    let arguments: [String]

    private struct Child {
        let index: Int
        let pid: pid_t
        let fd: Int32
        var output: [UInt8] = []
    }

    func run(_ deliver: (ScenarioRunner.FileReport) -> Void) {
        var next = 0
        var running: [Child] = []
        var finished: [Int: ScenarioRunner.FileReport] = [:]
        var delivered = 0
        while delivered < files.count {
            while running.count < jobs && next < files.count {
                if let child = spawn(index: next) {
                    running.append(child)
                } else {
                    finished[next] = ScenarioRunner.FileReport(file: files[next], scenarios: [],
                                                                error: "cannot start a worker process", events: [])
                }
                next += 1
            }
            if !running.isEmpty {
                var fds = running.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
                _ = poll(&fds, nfds_t(fds.count), -1)
                var buffer = [UInt8](repeating: 0, count: 65536)
                var i = 0
                while i < running.count {
                    if fds[i].revents != 0 {
                        let n = read(running[i].fd, &buffer, buffer.count)
                        if n > 0 {
                            running[i].output += buffer[0..<n]
                        } else {
                            let child = running.remove(at: i)
                            fds.remove(at: i)
                            close(child.fd)
                            var status: Int32 = 0
                            waitpid(child.pid, &status, 0)
                            var report = WorkerProtocol.read(String(decoding: child.output, as: UTF8.self),
                                                             file: files[child.index])
                            if report.scenarios.isEmpty && report.error == nil && status != 0 {
                                report.error = "worker exited with status \(status)"
                            }
                            finished[child.index] = report
                            continue
                        }
                    }
                    i += 1
                }
            }
            while let report = finished.removeValue(forKey: delivered) {
                deliver(report)
                delivered += 1
            }
        }
    }

    private func spawn(index: Int) -> Child? {
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
        let argv = ["ripple", "test", "--worker", files[index]] + arguments
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/proc/self/exe", &actions, nil, &cArgs, environ)
        close(pipeFDs[1])
        guard status == 0 else {
            close(pipeFDs[0])
            return nil
        }
        return Child(index: index, pid: pid, fd: pipeFDs[0])
    }
}
