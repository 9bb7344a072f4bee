import ArgumentParser
import RippleRunner
import Scripting

/// The check every command makes of its Lua-pattern options (`--filter`, `--filter-out`, `--pattern`): a
/// malformed pattern is a usage error naming the flag, before any file runs.
enum PatternOptions {
    /// Throws a `ValidationError` for the first malformed pattern among `options` (flag, value; nil: not given).
    static func validate(_ options: [(flag: String, value: String?)]) throws {
        for (flag, value) in options {
            if let value, let problem = LuaPatternMatcher.problem(value) {
                throw ValidationError("\(flag): malformed Lua pattern '\(value)' (\(problem))")
            }
        }
    }
}
