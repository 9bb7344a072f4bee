import Scripting

/// The closing line of `ripple run` and `ripple test`: passed, failed, errors (Lua errors outside an
/// expectation) and time — `12 passed, 1 failed, 0 errors (35.2 ms)`.
package struct TestSummary {
    /// Tests that passed.
    package var passed = 0
    /// Tests whose expectation failed.
    package var failed = 0
    /// Lua errors outside an expectation, a file's own error included.
    package var errors = 0
    /// Tests marked pending.
    package var pending = 0
    /// The run's time in nanoseconds.
    package var duration: UInt64

    /// Every test reported: passed, failed, errors (a file's own error included) and pending.
    package var tests: Int { passed + failed + errors + pending }

    /// Counts the scenarios and file errors of `reports`; `duration` in nanoseconds.
    package init(_ reports: [ScenarioRunner.FileReport], duration: UInt64) {
        self.duration = duration
        for report in reports {
            for s in report.scenarios {
                if s.isPending { pending += 1 } else if s.passed { passed += 1 } else if s.isError { errors += 1 } else { failed += 1 }
            }
            if report.error != nil { errors += 1 }
        }
    }

    /// `3 passed, 1 failed, 1 error, 2 pending (12.5 ms)` (pending only when there are some).
    package var line: String {
        "\(passed) passed, \(failed) failed, \(errors) \(errors == 1 ? "error" : "errors")"
            + (pending > 0 ? ", \(pending) pending" : "") + " (" + PlainReporter.milliseconds(duration) + ")"
    }
}
