#if canImport(Glibc)
import Glibc
#endif

/// The package root, from this file's path.
let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

/// The `ripple` executable built next to the test bundle.
let rippleExecutable: String = {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let exe = n > 0 ? String(cString: buffer) : ""
    var parts = exe.split(separator: "/", omittingEmptySubsequences: false)
    while let last = parts.last, !last.hasSuffix(".xctest") && parts.count > 1 { parts.removeLast() }
    parts.removeLast()
    return parts.joined(separator: "/") + "/ripple"
}()

/// glibc's `pipe2(2)`, which the Glibc module does not export: makes a pipe whose ends are close-on-exec
/// from the start, with no moment in which another thread's spawn could inherit them.
@_silgen_name("pipe2") func pipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

/// What a finished process printed and how it exited.
struct ProcessResult {
    var output: String
    var status: Int32
}

/// Runs `ripple` with arguments and standard input; stdout and stderr together.
func runRipple(_ arguments: [String], input: String = "", environment: [String: String] = [:]) -> ProcessResult {
    var inPipe: [Int32] = [0, 0]
    var outPipe: [Int32] = [0, 0]
    // Close-on-exec from the start (pipe2): a `ripple` another test spawns meanwhile must not inherit these
    // ends — its copy of this stdin's write end would keep this child waiting for end of input, and two
    // REPL tests could wait on each other for ever. posix_spawn's dup2 clears the flag on 0, 1 and 2.
    _ = pipe2(&inPipe, O_CLOEXEC)
    _ = pipe2(&outPipe, O_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 2)
    posix_spawn_file_actions_addclose(&actions, inPipe[1])
    posix_spawn_file_actions_addclose(&actions, outPipe[0])
    let argv = [rippleExecutable] + arguments
    var cArgs = argv.map { strdup($0) } + [nil]
    var env = environmentStrings(adding: environment).map { strdup($0) } + [nil]
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, rippleExecutable, &actions, nil, &cArgs, &env)
    posix_spawn_file_actions_destroy(&actions)
    for p in cArgs { free(p) }
    for p in env { free(p) }
    close(inPipe[0])
    close(outPipe[1])
    guard spawned == 0 else { return ProcessResult(output: "spawn failed: \(spawned)", status: -1) }
    input.utf8CString.withUnsafeBufferPointer { buffer in
        _ = write(inPipe[1], buffer.baseAddress, buffer.count - 1)
    }
    close(inPipe[1])
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(outPipe[0], &chunk, chunk.count)
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    close(outPipe[0])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return ProcessResult(output: String(decoding: bytes, as: UTF8.self), status: (status >> 8) & 0xFF)
}

/// The current environment with some variables replaced.
func environmentStrings(adding extra: [String: String]) -> [String] {
    var result: [String] = []
    var i = 0
    while let entry = environ[i] {
        let text = String(cString: entry)
        let name = String(text.split(separator: "=", maxSplits: 1).first ?? "")
        if extra[name] == nil { result.append(text) }
        i += 1
    }
    for key in extra.keys.sorted() { result.append(key + "=" + extra[key]!) }
    return result
}

/// Removes the `(1.2 ms)` times that `ripple test` prints after each scenario.
func withoutTimes(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
        guard line.hasSuffix(" ms)"), let open = line.lastIndex(of: "(") else { return String(line) }
        return String(line[..<open].dropLast())
    }.joined(separator: "\n")
}
