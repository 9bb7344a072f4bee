import Testing
@testable import ObjectGraph

/// The allocation-free comparison and ordering paths of issue 13 give exactly the orders of the
/// straightforward definitions they replaced.
@Suite struct HotPathOrderingTests {
    /// Unicode scalar order, the definition `.compare` documents.
    static func scalarOrder(_ a: String, _ b: String) -> ComparisonResult {
        ValueComparison.compareScalars(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }

    @Test("compare: in-place UTF-8 comparison equals Unicode scalar order, multi-byte and equivalent forms included")
    func utf8EqualsScalarOrder() {
        let samples = ["", "a", "A", "ab", "a\u{0}", "abc", "é", "e\u{301}", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}",
                       "\u{FFFF}", "\u{10000}", "😀", "😀a", "Émile", "Zoe", "zoé", "日本", "日本語", "a long string past fifteen bytes",
                       "a long string past fifteen bytez"]
        for a in samples {
            for b in samples {
                #expect(SortDescriptor.compareStrings(a, b, comparator: .compare) == Self.scalarOrder(a, b),
                        "\(a.debugDescription) vs \(b.debugDescription)")
            }
        }
        // Canonically equivalent but different scalars are not the same under compare:.
        #expect(SortDescriptor.compareStrings("é", "e\u{301}", comparator: .compare) == .orderedDescending)
    }

    @Test("sortedInObjectOrder: entity order, then number, whatever order the objects come in")
    func objectOrder() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(name: "B", attributes: [AttributeDescription(name: "x", type: .integer)]),
            EntityDescription(name: "A", attributes: [AttributeDescription(name: "x", type: .integer)]),
        ])
        let container = PersistentContainer(model: model)
        let context = container.viewContext
        var objects: [ManagedObject] = []
        for i in 0..<30 { objects.append(try context.insertObject(entityName: i % 3 == 0 ? "A" : "B", values: [("x", .integer(Int64(i)))])) }
        let expected = objects.sorted { a, b in
            a.entity.index != b.entity.index ? a.entity.index < b.entity.index : a.objectID.number < b.objectID.number
        }
        #expect(objects.sortedInObjectOrder().map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init))
        #expect(objects.reversed().sortedInObjectOrder().map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init))
        #expect(Set(objects).sortedInObjectOrder().map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init))
        #expect(expected.sortedInObjectOrder().map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init))
    }

    @Test("insert: values stored directly are those setValue would store, and the insertion is reported once")
    func insertStoresValues() throws {
        let model = try ManagedObjectModel(entities: [EntityDescription(name: "Item", attributes: [
            AttributeDescription(name: "n", type: .integer), AttributeDescription(name: "d", type: .double),
            AttributeDescription(name: "s", type: .string),
        ])])
        let context = PersistentContainer(model: model).viewContext
        let o = try context.insertObject(entityName: "Item", values: [("n", .double(3)), ("d", .integer(2)), ("s", .string("x"))])
        #expect(try o.value(forKey: "n") == .integer(3))
        #expect(try o.value(forKey: "d") == .double(2))
        #expect(try o.value(forKey: "s") == .string("x"))
        #expect(throws: ObjectGraphError.self) {
            try context.insertObject(entityName: "Item", values: [("n", .string("three"))])
        }
        #expect(context.insertedObjects.count == 1)
        final class Recorder: ContextObserver {
            var notes: [ObjectsDidChangeNotification] = []
            func contextObjectsDidChange(_ note: ObjectsDidChangeNotification) throws { notes.append(note) }
        }
        let recorder = Recorder()
        let token = context.addObserver(recorder)
        defer { token.cancel() }
        try context.processPendingChanges()
        #expect(recorder.notes.count == 1)
        #expect(recorder.notes.first?.inserted.count == 1)
        #expect(recorder.notes.first?.updated.isEmpty == true)
    }
}
