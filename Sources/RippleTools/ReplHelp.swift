/// The REPL's `:help` text, generated from the annotation file (``APIReference``), so it lists exactly the
/// API that the LuaLS file and the completeness test know.
enum ReplHelp {
    /// The variable names the docs use for each class, so `:help ctx:save` and `:help frc` work.
    static let aliases: [String: String] = [
        "ctx": "ManagedObjectContext", "context": "ManagedObjectContext", "bg": "ManagedObjectContext",
        "child": "ManagedObjectContext", "container": "PersistentContainer", "model": "ManagedObjectModel",
        "obj": "ManagedObject", "object": "ManagedObject", "set": "RelationshipSet", "token": "ObservationToken",
        "frc": "FetchedResultsController", "ip": "IndexPath", "indexPath": "IndexPath", "window": "Window",
        "vc": "ViewController", "nav": "NavigationController", "tabs": "TabBarController",
        "cv": "CollectionView", "tv": "CollectionView", "batch": "BatchUpdate", "ds": "CollectionViewDataSource",
        "cell": "CollectionReusableView", "note": "ObjectsDidChangeNotification", "e": "Expectation",
    ]

    /// The help for `name` (a class, `ctx`, `ctx:save`, `ripple.model`, `save`), or the overview.
    static func text(for name: String?, reference: APIReference = .shared) -> [String] {
        guard let name, !name.isEmpty else { return overview(reference) }
        let className = aliases[name] ?? name
        if let info = reference.classInfo(className) {
            var lines = ["\(info.name)\(info.parent.map { " : " + $0 } ?? "") — \(info.summary)"]
            for owner in reference.lineage(of: info.name) {
                for entry in reference.entries where entry.owner == owner {
                    lines.append("  " + line(entry))
                }
            }
            // A global of the same name as an alias (busted's `context`) is listed too.
            if className != name {
                lines += reference.entries.filter { $0.member == name && $0.owner.isEmpty }.map(line)
            }
            return lines
        }
        var matches: [APIReference.Entry]
        if let separator = name.lastIndex(where: { $0 == ":" || $0 == "." }) {
            let base = String(name[..<separator])
            let member = String(name[name.index(after: separator)...])
            let owners = base == "ripple" ? ["ripple"] : reference.lineage(of: aliases[base] ?? base)
            matches = reference.entries.filter { owners.contains($0.owner) && $0.member == member }
        } else {
            matches = reference.entries.filter { $0.member == name }
        }
        if matches.isEmpty { return ["no help for '\(name)' (try :help)"] }
        return matches.map(line)
    }

    /// One entry: its signature and summary.
    static func line(_ entry: APIReference.Entry) -> String {
        entry.summary.isEmpty ? entry.signature : entry.signature + " — " + entry.summary
    }

    static func overview(_ reference: APIReference) -> [String] {
        let functions = reference.entries.filter { $0.owner == "ripple" || $0.owner.isEmpty }.map(\.name)
        let classes = reference.classes.filter { $0.name != "ripple" }.map(\.name)
        return [
            "Commands: :help [name]  :trace on|off  :load FILE  :quit",
            "Type Lua; an expression's value is printed. Tab completes names and fields.",
            "Functions: " + functions.joined(separator: ", "),
            "Classes: " + classes.joined(separator: ", "),
            ":help NAME shows a function, a class (or ctx, frc, cv, vc, nav, …) or a member (ctx:save, save).",
            "The full reference with examples: docs/lua-api.md; editor set-up: docs/editor-support.md",
        ]
    }
}
