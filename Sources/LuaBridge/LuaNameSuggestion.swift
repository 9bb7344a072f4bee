/// Finds the known name a misspelled one was meant to be, for "did you mean" in error messages.
///
/// Two strengths: ``typo(of:among:)`` is strict — another spelling of a known name (at most two edits
/// for a known name of eight characters or more, one for a shorter one, none below four; a swap of
/// neighbours counting as one; or equal ignoring case) — and decides whether a name on a
/// delegate is an error; ``suggestion(for:among:)`` is lenient and only adds a hint to an error that is
/// raised anyway (it also accepts a known name that starts with, or is started by, the one typed).
///
/// ```swift
/// LuaNameSuggestion.typo(of: "viewDidAppaer", among: ["viewDidAppear", "viewDidLoad"])  // "viewDidAppear"
/// LuaNameSuggestion.typo(of: "reloadList", among: ["viewDidAppear"])                    // nil
/// ```
public enum LuaNameSuggestion {
    /// Names longer than this (in Unicode scalars) are neither suggested nor given suggestions: a name that
    /// long is not a typo, and the edit distance of two such names costs the product of their lengths (a
    /// script's 34,000-character key against a model's 30,000-character entity name took minutes).
    public static let longestSuggested = 64

    /// The edit distance of two names (insertions, deletions, substitutions and swaps of two neighbours,
    /// each counting one), compared by Unicode scalar.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, previous2[j - 2] + 1) }
                current[j] = best
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// The known name `name` is most likely a misspelling of: equal ignoring case, or at most
    /// ``allowedEdits(for:)`` edits away (the closest; the first in `known` on a tie). Nil when `name` is
    /// known itself or near none.
    public static func typo<S: Sequence>(of name: String, among known: S) -> String? where S.Element == String {
        var best: (name: String, distance: Int)?
        let lowered = name.lowercased()
        let tooLong = name.unicodeScalars.count > longestSuggested
        for candidate in known {
            if candidate == name { return nil }
            if tooLong || candidate.unicodeScalars.count > longestSuggested { continue }
            let d = candidate.lowercased() == lowered ? 0 : distance(name, candidate)
            if d <= allowedEdits(for: candidate), best.map({ d < $0.distance }) ?? true { best = (candidate, d) }
        }
        return best?.name
    }

    /// The edits a misspelling of `known` may have: 2 for names of eight characters or more, 1 from four,
    /// 0 below (`nope` is not `name`, `zz` is not `id`).
    public static func allowedEdits(for known: String) -> Int {
        known.count >= 8 ? 2 : known.count >= 4 ? 1 : 0
    }

    /// The known name to suggest in the error about an unknown `name`: a ``typo(of:among:)``, else the
    /// closest known name within a third of the name's length, else the shortest known name that starts
    /// with `name` or that `name` starts with (names of at least four characters). Nil when none is close.
    public static func suggestion<S: Sequence>(for name: String, among known: S) -> String? where S.Element == String {
        let all = Array(known)
        if all.contains(name) { return nil }
        guard name.unicodeScalars.count <= longestSuggested else { return nil }
        let known = all.filter { $0.unicodeScalars.count <= longestSuggested }
        if let typo = typo(of: name, among: known) { return typo }
        guard name.count >= 4 else { return nil }
        let limit = name.count / 3
        let near = known.map { ($0, distance(name, $0)) }.filter { $0.1 <= limit }
        if let best = near.min(by: { $0.1 < $1.1 }) { return best.0 }
        let lowered = name.lowercased()
        return known.filter { $0.count >= 4 && ($0.lowercased().hasPrefix(lowered) || lowered.hasPrefix($0.lowercased())) }
            .min(by: { $0.count < $1.count })
    }

    /// ` (did you mean 'name'?)` for the ``suggestion(for:among:)`` of `name`, or an empty string.
    public static func didYouMean<S: Sequence>(_ name: String, among known: S) -> String where S.Element == String {
        suggestion(for: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
