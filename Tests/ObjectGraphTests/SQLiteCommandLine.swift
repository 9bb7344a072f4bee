#if canImport(Glibc)
import Glibc
#endif

/// The `sqlite3` command-line shell (Debian's `sqlite3` package, installed by Scripts/bootstrap.sh), or nil
/// when it is not installed: the tests that build or inspect store files with it are then skipped, with
/// this reason.
let sqlite3Executable: String? = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/bin/sqlite3"].first { access($0, X_OK) == 0 }

/// Why the `sqlite3` tests are skipped.
let sqlite3Missing = "the sqlite3 command-line shell is not installed (apt-get install sqlite3, or Scripts/bootstrap.sh)"

/// Runs a program with arguments and standard input; returns its exit status and what it printed
/// (standard output and error together).
func runProgram(_ program: String, _ arguments: [String], input: String = "") -> (status: Int32, output: String) {
    var inPipe: [Int32] = [0, 0]
    var outPipe: [Int32] = [0, 0]
    // Close-on-exec: a program another test starts meanwhile must not inherit these ends (its copy of the
    // write end would keep this read waiting). posix_spawn's dup2 clears the flag on 0, 1 and 2.
    _ = pipe(&inPipe)
    _ = pipe(&outPipe)
    for fd in inPipe + outPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 2)
    posix_spawn_file_actions_addclose(&actions, inPipe[1])
    posix_spawn_file_actions_addclose(&actions, outPipe[0])
    var cArgs = ([program] + arguments).map { strdup($0) } + [nil]
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, program, &actions, nil, &cArgs, environ)
    posix_spawn_file_actions_destroy(&actions)
    for p in cArgs { free(p) }
    close(inPipe[0])
    close(outPipe[1])
    guard spawned == 0 else {
        close(inPipe[1])
        close(outPipe[0])
        return (-1, "could not start \(program): \(spawned)")
    }
    let bytes = Array(input.utf8)
    var written = 0
    while written < bytes.count {
        let n = bytes[written...].withUnsafeBytes { write(inPipe[1], $0.baseAddress, $0.count) }
        if n <= 0 { break }
        written += n
    }
    close(inPipe[1])
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(outPipe[0], &chunk, chunk.count)
        if n <= 0 { break }
        output += chunk[0..<n]
    }
    close(outPipe[0])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return ((status >> 8) & 0xff, String(decoding: output, as: UTF8.self))
}

/// Runs SQL (or dot-commands) through `sqlite3 -batch path`; returns its output. Records nothing itself:
/// callers check the output.
@discardableResult
func sqlite3(_ path: String, _ sql: String) -> String {
    guard let tool = sqlite3Executable else { return "" }
    return runProgram(tool, ["-batch", path], input: sql).output
}

/// The bytes of a file, or nil when it cannot be read.
func fileBytes(_ path: String) -> [UInt8]? {
    guard let handle = fopen(path, "rb") else { return nil }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, handle)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return bytes
}

/// A fresh path under /tmp for one test (any earlier file and journal removed).
func freshStorePath(_ name: String) -> String {
    let path = "/tmp/ripple-store-format-\(getpid())-\(name).sqlite"
    unlink(path)
    unlink(path + "-journal")
    return path
}
