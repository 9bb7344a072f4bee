/// The REPL's `:help` text: one line per API entry, from docs/lua-api.md.
enum ReplHelp {
    static let entries: [(String, String)] = [
        ("ripple.model", "ripple.model { Entity = { key = spec, … } } — declare entities, attributes and relationships"),
        ("ripple.container", "ripple.container(model) — an in-memory store with a main-queue viewContext"),
        ("ripple.observe", "ripple.observe(ctx, \"objectsDidChange\"|\"willSave\"|\"didSave\", fn) or ripple.observe(obj, keyPath, fn, options) — a token with :cancel()"),
        ("ripple.tick", "ripple.tick() — end of the run-loop event: process every main-queue context"),
        ("ripple.events", "ripple.events() — the event trace so far; ripple.clearEvents() starts afresh"),
        ("ctx:insert", "ctx:insert(entity, values) — insert an object"),
        ("ctx:delete", "ctx:delete(object) — mark an object deleted (rules apply at processPendingChanges)"),
        ("ctx:processPendingChanges", "ctx:processPendingChanges() — propagate deletes, post objectsDidChange"),
        ("ctx:save", "ctx:save() — process, willSave, validate, write, didSave"),
        ("ctx:rollback", "ctx:rollback() — undo everything since the last save"),
        ("ctx:reset", "ctx:reset() — forget every object (invalidatedAll)"),
        ("ctx:fetch", "ctx:fetch { entity =, predicate =, arguments =, sortDescriptors =, fetchLimit =, fetchOffset = }"),
        ("ctx:count", "ctx:count { … } — the number of objects a fetch would return"),
        ("obj:changedValues", "obj:changedValues() — persistent keys changed since the last save"),
        ("obj:committedValues", "obj:committedValues(keys) — the last saved values"),
        ("ripple.fetchedResultsController", "ripple.fetchedResultsController { context =, entity =, sortDescriptors =, sectionNameKeyPath = } — then frc:performFetch(), frc.sections, frc.delegate = { … }"),
        ("ripple.indexPath", "ripple.indexPath(section, item) — 0-based; .section, .item, .row; prints as [0, 1]"),
        ("ripple.window", "ripple.window() — rootViewController, describe()"),
        ("ripple.viewController", "ripple.viewController { title = … } — present, dismiss, dvc_add, dvc_updated/dvc_deleted methods"),
        ("ripple.navigationController", "ripple.navigationController(root) — pushViewController, popViewController, viewControllers"),
        ("ripple.tabBarController", "ripple.tabBarController { vc1, vc2 } — selectedIndex, viewControllers"),
        ("scenario", "scenario(name, fn) — run fn and record pass or fail"),
        ("expect", "expect(v):toBe / toEqual / toBeNil / toBeTruthy / toContain / toHaveLength / toRaise(pattern)"),
    ]

    /// The help for `name`, or the list of commands and entries.
    static func text(for name: String?) -> [String] {
        if let name {
            let matches = entries.filter { $0.0 == name || $0.0.hasSuffix(":" + name) || $0.0.hasSuffix("." + name) }
            if matches.isEmpty { return ["no help for '\(name)' (try :help)"] }
            return matches.map(\.1)
        }
        return [
            "Commands: :help [name]  :trace on|off  :load FILE  :quit",
            "Type Lua; an expression's value is printed. Tab completes names and fields.",
            "Entries: " + entries.map(\.0).joined(separator: ", "),
            "The full reference with examples: docs/lua-api.md",
        ]
    }
}
