/// Which tests of a run run, and in what order: the one definition of the selection options that
/// `ripple test` (its command line), its worker processes, ``ScenarioRunner``, ``ScriptEngine`` and the
/// prelude (through `ripple._selection`) share.
///
/// The command line's options map one to one onto the fields; ``arguments`` writes them for a worker's
/// command line and ``parse(_:)`` reads them back (the worker's start-up fast path), so the options are
/// named in one place.
///
/// ```swift
/// var selection = TestSelection()
/// selection.filter = "saves"
/// selection.tags = TestSelection.tagList("slow,#db")   // ["slow", "db"]
/// selection.arguments                                  // ["--filter", "saves", "--tags", "slow,db"]
/// ```
public struct TestSelection: Sendable, Equatable {
    /// Only tests whose full name matches this Lua pattern (`string.find`) run (nil: all). `--filter`.
    public var filter: String?
    /// Tests whose full name matches this Lua pattern are skipped (nil: none). `--filter-out`.
    public var filterOut: String?
    /// Only tests tagged (`#tag` in the name) with one of these run (empty: all). `--tags`.
    public var tags: [String] = []
    /// Tests tagged with one of these are skipped. `--exclude-tags`.
    public var excludedTags: [String] = []
    /// Tests are listed (recorded as passed) without running their bodies. `--list`.
    public var listsOnly = false
    /// Runs the files, and each file's tests, in an order shuffled with this seed (nil: as declared).
    /// `--seed` (`--shuffle` picks one).
    public var shuffleSeed: UInt64?
    /// After the first failing test the rest are skipped. `--fail-fast`.
    public var stopsAtFirstFailure = false
    /// Runs only shard `index` of `count` of the files (1-based; nil: every file). `--shard index/count`.
    public var shard: Shard?

    /// A shard of the files: every `count`-th file starting at the `index`-th (1-based).
    public struct Shard: Sendable, Equatable {
        /// The shard's number, from 1 to ``count``.
        public var index: Int
        /// How many shards the files are split into.
        public var count: Int

        /// Reads `index/count` (`2/3`); nil unless `1 <= index <= count`.
        public init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 1, i <= n else { return nil }
            index = i
            count = n
        }

        /// `index/count`.
        public var description: String { "\(index)/\(count)" }

        /// The files of this shard, in their order.
        public func files(_ files: [String]) -> [String] {
            files.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
        }
    }

    /// Selects every test, in declaration order.
    public init() {}

    /// The tags of a `--tags` list: separated by commas or spaces, a leading `#` dropped (nil: none).
    public static func tagList(_ text: String?) -> [String] {
        (text ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).map { String($0.drop(while: { $0 == "#" })) }
    }

    /// Whether the selection drops tests by name or tag (the filters of the "no tests found" line).
    public var filtersNames: Bool { filter != nil || filterOut != nil || !tags.isEmpty || !excludedTags.isEmpty }

    /// The options that narrowed the run, as the user wrote them (`--shard 2/3`, `--filter 'x'`, …), for
    /// the "no tests found" line.
    public var filterDescriptions: [String] {
        var filters: [String] = []
        if let shard { filters.append("--shard \(shard.description)") }
        if let filter { filters.append("--filter '\(filter)'") }
        if let filterOut { filters.append("--filter-out '\(filterOut)'") }
        if !tags.isEmpty { filters.append("--tags " + tags.joined(separator: ",")) }
        if !excludedTags.isEmpty { filters.append("--exclude-tags " + excludedTags.joined(separator: ",")) }
        return filters
    }

    /// The selection as worker command-line arguments (the shard is the parent's: not included).
    public var arguments: [String] {
        var arguments: [String] = []
        if let filter { arguments += ["--filter", filter] }
        if let filterOut { arguments += ["--filter-out", filterOut] }
        if listsOnly { arguments.append("--list") }
        if let shuffleSeed { arguments += ["--seed", String(shuffleSeed)] }
        if stopsAtFirstFailure { arguments.append("--fail-fast") }
        if !tags.isEmpty { arguments += ["--tags", tags.joined(separator: ",")] }
        if !excludedTags.isEmpty { arguments += ["--exclude-tags", excludedTags.joined(separator: ",")] }
        return arguments
    }

    /// Reads the options ``arguments`` writes from the front of `words`, removing each one read; stops at
    /// the first word that is not one of them. Returns nil when an option lacks its value or has a bad one
    /// (`--seed x`): the caller then leaves the line to the general parser and its messages.
    public static func parse(_ words: inout ArraySlice<String>) -> TestSelection? {
        var selection = TestSelection()
        while let word = words.first {
            switch word {
            case "--list", "--fail-fast":
                if word == "--list" { selection.listsOnly = true } else { selection.stopsAtFirstFailure = true }
                words.removeFirst()
            case "--filter", "--filter-out", "--seed", "--tags", "--exclude-tags", "--shard":
                guard words.count >= 2 else { return nil }
                let value = words[words.startIndex + 1]
                switch word {
                case "--filter": selection.filter = value
                case "--filter-out": selection.filterOut = value
                case "--seed":
                    guard let seed = UInt64(value) else { return nil }
                    selection.shuffleSeed = seed
                case "--tags": selection.tags = tagList(value)
                case "--exclude-tags": selection.excludedTags = tagList(value)
                default:
                    guard let shard = Shard(value) else { return nil }
                    selection.shard = shard
                }
                words.removeFirst(2)
            default:
                return selection
            }
        }
        return selection
    }
}
