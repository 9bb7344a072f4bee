@testable import FetchedResults
import ObjectGraph
import Testing
import SeededRandom

/// Random scripts over a container: edits in the view context, background contexts that save (merged
/// automatically at the next tick), refreshes, rollbacks, fetches, and controllers with and without
/// `includesPendingChanges`. Invariant mode checks every batch; after every step at which the view
/// context has nothing pending, the controller must equal a fresh fetch.
@Suite struct RandomScriptPropertyTests {
    static func makeModel() throws -> ManagedObjectModel {
        let customer = EntityDescription(name: "Customer", attributes: [
            AttributeDescription(name: "name", type: .string),
            AttributeDescription(name: "age", type: .integer, isOptional: true),
            AttributeDescription(name: "active", type: .boolean, isOptional: true),
            AttributeDescription(name: "score", type: .double, isOptional: true),
        ])
        return try ManagedObjectModel(entities: [customer])
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs one seeded script; returns the trace of steps (for the failure message).
    static func run(seed: UInt64, steps: Int = 60) throws {
        var rng = SplitMix64(seed: seed)
        let container = PersistentContainer(model: try makeModel())
        let view = container.viewContext
        // The view context merges every background save (without it, a fresh fetch sees rows the controller
        // was never told about — as in Core Data).
        view.automaticallyMergesChangesFromParent = true
        let backgrounds = [container.newBackgroundContext(), container.newBackgroundContext()]
        for bg in backgrounds { bg.automaticallyMergesChangesFromParent = Bool.random(using: &rng) }
        // Any merge policy: the default one makes conflicting saves fail (133020), which the script shrugs off.
        for context in [view] + backgrounds { context.mergePolicy = MergePolicy.allCases.randomElement(using: &rng)! }
        let contexts = [view] + backgrounds
        let names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"]
        func values(_ rng: inout SplitMix64) -> [(String, Value)] {
            [("name", .string(names.randomElement(using: &rng)!)), ("age", .integer(Int64.random(in: 0..<4, using: &rng))),
             ("active", .bool(Bool.random(using: &rng))),
             ("score", Int.random(in: 0..<8, using: &rng) == 0 ? .double(.nan) : .double(Double(Int.random(in: -2...2, using: &rng))))]
        }
        for _ in 0..<Int.random(in: 0..<6, using: &rng) {
            _ = try view.insertObject(entityName: "Customer", values: values(&rng))
        }
        try view.save()

        var request = FetchRequest(entityName: "Customer",
                                   sortDescriptors: [SortDescriptor(key: "name"),
                                                     SortDescriptor(key: Bool.random(using: &rng) ? "score" : "age", ascending: false)])
        if Bool.random(using: &rng) { request.predicate = try Predicate(format: "active == YES") }
        request.includesPendingChanges = Bool.random(using: &rng)
        if Int.random(in: 0..<3, using: &rng) == 0 {
            request.fetchLimit = Int.random(in: 1...4, using: &rng)
            request.fetchOffset = Int.random(in: 0...2, using: &rng)
        }
        let controller = try FetchedResultsController(fetchRequest: request, managedObjectContext: view,
                                                      sectionNameKeyPath: Bool.random(using: &rng) ? "name" : nil,
                                                      cacheName: nil)
        controller.checksInvariants = true
        let recorder = Recorder()
        controller.delegate = recorder
        try controller.performFetch()

        var trace: [String] = ["policies=\(([view] + backgrounds).map(\.mergePolicy.rawValue)) includesPendingChanges=\(request.includesPendingChanges) limit=\(request.fetchLimit) offset=\(request.fetchOffset) sort=\(request.sortDescriptors) merges=\(view.automaticallyMergesChangesFromParent),\(backgrounds.map(\.automaticallyMergesChangesFromParent))"]
        func live(_ context: ManagedObjectContext) -> [ManagedObject] {
            context.registeredObjects.filter { !$0.isDeleted && !$0.isFault }
        }
        func fail(_ message: String) -> Failure {
            Failure(description: "seed \(seed): \(message)\n  " + trace.joined(separator: "\n  "))
        }
        for step in 0..<steps {
            let op = Int.random(in: 0..<14, using: &rng)
            trace.append("\(step): op \(["insert", "insert", "delete", "set", "set", "save", "rollback", "bg", "bg", "refresh", "refreshAll", "process", "fetch", "tick"][op])")
            do {
                switch op {
                case 0, 1:
                    let o = try view.insertObject(entityName: "Customer", values: values(&rng))
                    trace.append("  insert \(o.displayName)")
                case 2:
                    if let o = live(view).randomElement(using: &rng) { trace.append("  delete \(o.displayName)"); try view.delete(o) }
                case 3, 4:
                    if let o = live(view).randomElement(using: &rng) {
                        let (key, value) = values(&rng).randomElement(using: &rng)!
                        trace.append("  set \(o.displayName).\(key) = \(value)")
                        try o.setValue(value, forKey: key)
                    }
                case 5: try view.save()
                case 6: try view.rollback()
                case 7, 8:
                    let bg = backgrounds.randomElement(using: &rng)!
                    let kind = Int.random(in: 0..<3, using: &rng)
                    let v = values(&rng)
                    let pick = Int.random(in: 0..<100, using: &rng)
                    trace.append("  queue on \(bg.name): \(["insert", "delete", "update"][kind]) \(pick)")
                    bg.perform {
                        let all = try bg.fetch(FetchRequest(entityName: "Customer"))
                        switch kind {
                        case 0: _ = try bg.insertObject(entityName: "Customer", values: v)
                        case 1: if !all.isEmpty { try bg.delete(all[pick % all.count]) }
                        default: if !all.isEmpty { try all[pick % all.count].setValue(v[pick % v.count].1, forKey: v[pick % v.count].0) }
                        }
                        try bg.save()
                    }
                case 9:
                    if let o = view.registeredObjects.randomElement(using: &rng) {
                        let merge = Bool.random(using: &rng)
                        trace.append("  refresh \(o.displayName) merge \(merge)")
                        try view.refresh(o, mergeChanges: merge)
                    }
                case 10: try view.refreshAllObjects()
                case 11: try view.processPendingChanges()
                case 12: _ = try view.fetch(FetchRequest(entityName: "Customer"))
                default: try ContextEventLoop.endEvent(contexts)
                }
            } catch let error as FetchedResultsError {
                throw fail("step \(step): \(error)")
            } catch let error as ObjectGraphError where error.kind == .validation || error.code == 133020 || error.code == 133021 {
                trace.append("  (save failed: \(error.code))")
            }
            trace.append("  -> \((controller.fetchedObjects ?? []).map(\.displayName))")
            if !view.hasPendingChanges {
                let fresh = try view.fetch(controller.fetchRequest)
                let have = controller.fetchedObjects ?? []
                if fresh.count != have.count || zip(fresh, have).contains(where: { $0 !== $1 }) {
                    throw fail("after step \(step) the controller differs from a fresh fetch: expected "
                               + fresh.map(\.displayName).joined(separator: ", ") + "; have "
                               + have.map(\.displayName).joined(separator: ", "))
                }
            }
        }
        // Let every queued merge run, then compare once more.
        for _ in 0..<3 {
            do { try ContextEventLoop.endEvent(contexts) } catch let error as FetchedResultsError {
                throw fail("final tick: \(error)")
            } catch let error as ObjectGraphError where error.code == 133020 || error.code == 133021 {
                trace.append("  (final save failed: \(error.code))")
            }
        }
        let fresh = try view.fetch(controller.fetchRequest)
        let have = controller.fetchedObjects ?? []
        if fresh.count != have.count || zip(fresh, have).contains(where: { $0 !== $1 }) {
            throw fail("at the end the controller differs from a fresh fetch: expected "
                       + fresh.map(\.displayName).joined(separator: ", ") + "; have "
                       + have.map(\.displayName).joined(separator: ", "))
        }
    }

    @Test("random scripts with background saves, merges, refresh and includesPendingChanges keep the controller equal to a fresh fetch",
          arguments: 0..<100)
    func randomScripts(seed: Int) throws {
        try Self.run(seed: 0xC0FFEE &+ UInt64(seed) &* 7919)
    }
}
