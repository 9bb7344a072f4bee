import Testing
@testable import ObjectGraph
@testable import Scripting

/// The trace keeps its most frequent events as their parts and writes their text only when it is read
/// (issue 30): the text must be what writing it at once gave, byte for byte, with the objects' names as they
/// were when the event was recorded; the JSON is a rendering of the same parts (issue 24).
@Suite struct TraceRenderingTests {
    typealias Lists = EventLogDeferredNamesTests

    /// A context over the model of the lists.
    private static func context() -> ManagedObjectContext {
        ManagedObjectContext(coordinator: PersistentStoreCoordinator(managedObjectModel: Lists.model), name: "c")
    }

    /// What `describe` wrote at once before the events kept their parts: `label` and the names joined.
    private static func eagerLine(_ head: String, _ parts: [String]) -> String {
        head + parts.joined(separator: "; ")
    }

    @Test("a notification's objects are written as EventLog.names writes them, for every shape of list",
          arguments: Lists.lists.indices)
    func namesMatch(index: Int) throws {
        let objects = Lists.objects(Lists.lists[index])
        let context = Self.context()
        var note = ObjectsDidChangeNotification(context: context)
        note.inserted = objects
        note.deleted = objects
        let parts = objects.isEmpty ? [] : ["inserted: " + EventLog.names(objects), "deleted: " + EventLog.names(objects)]
        #expect(EventLog.describe(note).text == Self.eagerLine("[\(context.name)] objectsDidChange ", parts))
        var saved = ContextDidSaveNotification(context: context)
        saved.inserted = objects
        #expect(EventLog.describe(saved).text
                == "[\(context.name)] didSave" + (objects.isEmpty ? "" : " inserted: " + EventLog.names(objects)))
    }

    @Test("updated and refreshed objects with their keys; invalidatedAll last; the JSON groups from the same parts")
    func updatedObjects() throws {
        let objects = Lists.objects([(1, 3), (0, 4), (1, 9)])
        let context = Self.context()
        var note = ObjectsDidChangeNotification(context: context)
        note.updated = [objects[0], objects[1]]
        note.refreshed = [objects[2]]
        note.invalidatedAll = true
        note.changedKeys = [objects[0]: ["name", "x"], objects[2]: ["x"]]
        let event = EventLog.describe(note)
        let name = context.name
        #expect(event.text == "[\(name)] objectsDidChange updated: Item#3 {name, x}, AnEntityWithALongName#4 {}; refreshed: Item#9 {x}; invalidatedAll")
        #expect(event.jsonFields == #""source":"\#(name)","kind":"objectsDidChange","objects":{"updated":[{"object":"Item#3","keys":["name","x"]},{"object":"AnEntityWithALongName#4","keys":[]}],"refreshed":[{"object":"Item#9","keys":["x"]}]},"indexPaths":[]"#)
    }

    @Test("an object renumbered after the event is written with the number it had")
    func namesAsRecorded() throws {
        let objects = Lists.objects([(1, 1), (1, 2)])
        let log = EventLog()
        let context = Self.context()
        var note = ObjectsDidChangeNotification(context: context)
        note.inserted = objects
        note.updated = objects
        note.changedKeys = [objects[0]: ["x"], objects[1]: ["x"]]
        log.record(EventLog.describe(note))
        for object in objects {
            object.objectID = ManagedObjectID(entityName: object.entity.name, number: object.objectNumber + 100, isTemporaryID: false)
        }
        #expect(log.lines[0].hasSuffix("objectsDidChange inserted: Item#1, Item#2; updated: Item#1 {x}, Item#2 {x}"), "\(log.lines)")
        #expect(log.events[0].json(step: 1, file: "f").contains(#""inserted":["Item#1","Item#2"]"#))
    }

    @Test("lines are the same whether each is printed as it comes or all are read at the end; read twice, the same")
    func linesDoNotDependOnListeners() throws {
        let script = """
            local ctx = ripple.container(ripple.model { C = { name = "string", group = "string" } }).viewContext
            local a = ctx:insert("C", { name = "a", group = "x" }); ctx:insert("C", { name = "b", group = "y" })
            ctx:save()
            local frc = ripple.fetchedResultsController { context = ctx, entity = "C", sortDescriptors = { "group", "name" },
              sectionNameKeyPath = "group", name = "F" }
            frc.delegate = { didChangeObject = function() end, controllerWillChangeContent = function() end,
                             didChangeSection = function() end, controllerDidChangeContent = function() end }
            frc:performFetch()
            a.group = "z"; ctx:save()
            ctx:delete(a); ctx:save()
            """
        let quiet = try ScriptEngine()
        try quiet.run(script)
        let printing = try ScriptEngine()
        var printed: [String] = []
        printing.log.onLine = { printed.append($0) }
        try printing.run(script)
        #expect(printed == quiet.log.lines)
        #expect(quiet.log.lines == printing.log.lines)
        #expect(quiet.log.lines == quiet.log.lines)
        #expect(quiet.log.lines.contains("[frc F] didChangeObject C#1 move [0, 0] -> [1, 0]"), "\(quiet.log.lines)")
        #expect(quiet.log.lines.contains("[frc F] didChangeObject C#1 delete [1, 0]"), "\(quiet.log.lines)")
        #expect(quiet.log.lines.contains("[viewContext] willSave"))
        #expect(quiet.log.lines.contains("[viewContext] didSave updated: C#1 {group}"), "\(quiet.log.lines)")
        #expect(quiet.log.lines.contains("[viewContext] didSave deleted: C#1"), "\(quiet.log.lines)")
    }
}
