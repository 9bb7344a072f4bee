#if canImport(Glibc)
import Glibc
#endif

/// The `ripple` executable built next to the test bundle (for tests that need a second process).
let rippleExecutable: String = {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let exe = n > 0 ? String(cString: buffer) : ""
    var parts = exe.split(separator: "/", omittingEmptySubsequences: false)
    while let last = parts.last, !last.hasSuffix(".xctest") && parts.count > 1 { parts.removeLast() }
    parts.removeLast()
    return parts.joined(separator: "/") + "/ripple"
}()
