#if canImport(Glibc)
import CRippleBench
import Glibc
#endif

/// Timing and reporting shared by every benchmark group.
enum Measure {
    /// Monotonic time in nanoseconds.
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// The median of `repetitions` timings of `body`, in nanoseconds.
    static func median(repetitions: Int = 7, _ body: () throws -> Void) rethrows -> Double {
        var samples: [Double] = []
        for _ in 0..<repetitions {
            let start = now()
            try body()
            samples.append(Double(now() - start))
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// A comparison against a goal: `lower` means the measured ratio must be at most the goal.
    struct Row {
        var id: String
        var what: String
        var ratio: Double
        var goal: Double
        var stretch: Double
        var lowerIsBetter: Bool
        var detail: String

        var meetsGoal: Bool { lowerIsBetter ? ratio <= goal : ratio >= goal }
        var meetsStretch: Bool { lowerIsBetter ? ratio <= stretch : ratio >= stretch }
    }

    /// Prints one result line: id, ratio, goal, verdict, detail.
    static func report(_ row: Row) {
        let op = row.lowerIsBetter ? "≤" : "≥"
        let verdict = row.meetsStretch ? "stretch met" : (row.meetsGoal ? "goal met" : "MISSED")
        let line = "\(row.id.padding(5)) \(row.what.padding(48)) \(format(row.ratio).leftPad(9))×   goal \(op) \(format(row.goal))×, stretch \(op) \(format(row.stretch))×   \(verdict)   \(row.detail)"
        print(line)
        fflush(ripplebench_stdout())
    }

    /// Two decimals (or none for large numbers).
    static func format(_ x: Double) -> String {
        if x >= 100 { return String(Int(x.rounded())) }
        let scaled = Int((x * 100).rounded())
        let whole = scaled / 100
        let frac = scaled % 100
        return "\(whole).\(frac < 10 ? "0" : "")\(frac)"
    }
}

extension String {
    func padding(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
