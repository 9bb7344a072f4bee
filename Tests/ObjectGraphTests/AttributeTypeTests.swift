import Testing
import SeededRandom
@testable import ObjectGraph

/// The attribute types beyond the first seven: exact decimals (parsing, printing, order, conversions), Float
/// rounding, integer widths and their save-time range checks, and URI validation.
@Suite struct AttributeTypeTests {
    @Test("decimal text parses, normalizes and prints as NSDecimalNumber does")
    func decimalText() {
        let cases: [(String, String)] = [
            ("0.1", "0.1"), ("0.10", "0.1"), ("-12.50", "-12.5"), ("+3", "3"), ("1e3", "1000"), ("1.5E-3", "0.0015"),
            (".5", "0.5"), ("5.", "5"), ("-0", "0"), ("000123.4500", "123.45"),
            ("12345678901234567890123456789012345678", "12345678901234567890123456789012345678"),
            ("0.10000000000000000001", "0.10000000000000000001"),
        ]
        for (text, printed) in cases {
            #expect(DecimalValue(string: text)?.description == printed, "\(text)")
        }
        for bad in ["", "-", ".", "abc", "1.2.3", "1e", "1e+", " 1", "1 ", "0x10", "inf", "nan", "1e4000000",
                    "123456789012345678901234567890123456789", "1,5"] {
            #expect(DecimalValue(string: bad) == nil, "\(bad)")
        }
    }

    @Test("doubles convert through their shortest text; integers exactly; NaN and infinities do not convert")
    func decimalFromNumbers() {
        #expect(DecimalValue(0.1) == DecimalValue(string: "0.1"))
        #expect(DecimalValue(1e-5)?.description == "0.00001")
        #expect(DecimalValue(-0.0)?.description == "0")
        #expect(DecimalValue(Int64.min).description == "-9223372036854775808")
        #expect(DecimalValue(Double.nan) == nil)
        #expect(DecimalValue(-Double.infinity) == nil)
        #expect(DecimalValue(string: "12")?.exactInteger == 12)
        #expect(DecimalValue(string: "12.5")?.exactInteger == nil)
        // 38 digits times ten: no integer, and no overflow on the way.
        #expect(DecimalValue(string: "99999999999999999999999999999999999999e18")?.exactInteger == nil)
        #expect(DecimalValue(string: "-9223372036854775808")?.exactInteger == Int64.min)
        #expect(DecimalValue(string: "9223372036854775808")?.exactInteger == nil)
        #expect(DecimalValue(string: "0.1")?.exactDouble == 0.1)
        #expect(DecimalValue(string: "0.10000000000000000001")?.exactDouble == nil)
    }

    @Test("decimal order is numeric order, over seeded random values")
    func decimalOrder() {
        var random = SplitMix64(seed: 0xDEC1_0A1)
        var values: [(DecimalValue, Int128)] = []
        for _ in 0..<400 {
            let significand = Int64(bitPattern: random.next()) % 1_000_000
            let exponent = Int(random.next() % 13) - 6
            let d = DecimalValue(significand: Int128(significand), exponent: exponent)!
            // The same number as an integer count of millionths, exactly.
            var scaled = Int128(significand)
            for _ in 0..<(exponent + 6) { scaled *= 10 }
            values.append((d, scaled))
        }
        for (a, x) in values.prefix(80) {
            for (b, y) in values {
                #expect((a < b) == (x < y), "\(a) < \(b)")
                #expect((a == b) == (x == y), "\(a) == \(b)")
            }
        }
        #expect(DecimalValue(string: "-2")! < DecimalValue(string: "-1.5")!)
        #expect(DecimalValue(string: "0.1")! < DecimalValue(string: "0.10000000000000000001")!)
        #expect(DecimalValue(string: "99")! < DecimalValue(string: "100")!)
        #expect(!(DecimalValue(string: "100")! < DecimalValue(string: "1e2")!))
    }

    @Test("conversions: decimals from text and numbers, floats rounded, integers of every width, URIs checked")
    func conversions() {
        let convert = ManagedObjectContext.convert
        #expect(convert(.string("0.1"), .decimal) == .decimal(DecimalValue(string: "0.1")!))
        #expect(convert(.double(0.1), .decimal) == .decimal(DecimalValue(string: "0.1")!))
        #expect(convert(.string("x"), .decimal) == nil)
        #expect(convert(.double(0.1), .float) == .double(Double(Float(0.1))))
        #expect(convert(.integer(16_777_217), .float) == .double(16_777_216))
        #expect(convert(.integer(70_000), .integer16) == .integer(70_000))   // range is a save-time check
        #expect(convert(.double(2.5), .integer32) == nil)
        #expect(convert(.decimal(DecimalValue(string: "7")!), .integer16) == .integer(7))
        #expect(convert(.string("https://example.com/x"), .uri) == .string("https://example.com/x"))
        #expect(convert(.string("mailto:ann@example.com"), .uri) != nil)
        for bad in ["", "example.com", "/a/b", "1http://x", "http:", "http://a b", "http://x/%4", "ht tp://x"] {
            #expect(convert(.string(bad), .uri) == nil, "\(bad)")
        }
        // Predicates compare decimals exactly with numbers and decimal text.
        let tenth = Value.decimal(DecimalValue(string: "0.1")!)
        #expect(ValueComparison.isEqual(tenth, .double(0.1)))
        #expect(!ValueComparison.isEqual(.decimal(DecimalValue(string: "0.10000000000000000001")!), .double(0.1)))
        #expect(ValueComparison.isEqual(tenth, .string("0.10")))
        #expect(ValueComparison.order(tenth, .integer(1)) == .orderedAscending)
        #expect(SortDescriptor.compareValues(.double(0.2), tenth) == .orderedDescending)
    }

    @Test("Xcode's attribute type names map to every type and back; others are not types")
    func xcodeNames() {
        for type in AttributeType.allCases {
            #expect(AttributeType(xcodeAttributeType: type.xcodeAttributeType) == type)
        }
        #expect(AttributeType(xcodeAttributeType: "Integer 16") == .integer16)
        #expect(AttributeType(xcodeAttributeType: "Undefined") == nil)
        #expect(AttributeType(xcodeAttributeType: "ObjectID") == nil)
        #expect(AttributeType(xcodeAttributeType: "integer 16") == nil)
    }

    @Test("Integer 16 and 32 values out of range fail at save with 1610 / 1620, joined as 1560")
    func integerRanges() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(name: "Item", attributes: [
                AttributeDescription(name: "small", type: .integer16, isOptional: true),
                AttributeDescription(name: "mid", type: .integer32, isOptional: true),
                AttributeDescription(name: "big", type: .integer, isOptional: true),
            ]),
        ])
        let context = PersistentContainer(model: model).viewContext
        let item = try context.insertObject(entityName: "Item", values: [
            ("small", .integer(-32769)), ("mid", .integer(2_147_483_648)), ("big", .integer(.max)),
        ])
        do {
            try context.save()
            Issue.record("the save should fail")
        } catch let error as ObjectGraphError {
            #expect(error.code == 1560)
            #expect(error.detailedErrors.map(\.code) == [1620, 1610])   // in attribute order: small, mid
            #expect(error.message.contains(#"Code=1610 "mid is too large.""#))
            #expect(error.message.contains(#"Code=1620 "small is too small.""#))
        }
        #expect(item.isInserted)
        try item.setValue(.integer(-32768), forKey: "small")
        try item.setValue(.integer(2_147_483_647), forKey: "mid")
        try context.save()
        #expect(!context.hasChanges)
    }
}

/// A box whose transformer writes its label's bytes, or fails.
private final class LabelBox: BoxedValue {
    let label: String
    var calls = 0
    init(_ label: String) { self.label = label }
    override var description: String { "<\(label)>" }
    override func transformedValue(for attribute: AttributeDescription, entityName: String) throws -> [UInt8] {
        calls += 1
        if label == "fail" { throw ObjectGraphError(.invalidOperation, "cannot transform \(attribute.name) of \(entityName)") }
        return Array(label.utf8)
    }
}

@Suite struct TransformableAttributeTests {
    @Test("a save stores the transformer's bytes; memory keeps the box; a failing transform writes nothing")
    func transformsAtSave() throws {
        var attribute = AttributeDescription(name: "color", type: .transformable, isOptional: true)
        attribute.valueTransformerName = "Colour"
        let model = try ManagedObjectModel(entities: [EntityDescription(name: "Item", attributes: [attribute])])
        let store = PersistentStore()
        let context = PersistentContainer(model: model, store: store).viewContext
        let red = LabelBox("red")
        let item = try context.insertObject(entityName: "Item", values: [("color", .boxed(red))])
        try context.save()
        #expect(red.calls == 1)
        #expect(store.row(for: item.objectID)?.attributes == [.data(Array("red".utf8))])
        #expect(try item.value(forKey: "color") == .boxed(red))
        // A value that is not a box (or stored bytes) is not a transformable value.
        #expect(throws: ObjectGraphError.self) { try item.setValue(.string("red"), forKey: "color") }
        let failing = LabelBox("fail")
        try item.setValue(.boxed(failing), forKey: "color")
        #expect(throws: ObjectGraphError.self) { try context.save() }
        #expect(store.row(for: item.objectID)?.attributes == [.data(Array("red".utf8))])
        #expect(item.isUpdated)
        // Stored bytes not read since the load are written back as they are, without a transformer.
        let other = PersistentContainer(model: model, store: store).viewContext
        let loaded = try #require(try other.fetch(FetchRequest(entityName: "Item")).first)
        #expect(try loaded.value(forKey: "color") == .data(Array("red".utf8)))
        loaded.replaceStoredBytes(Array("red".utf8), with: .boxed(LabelBox("red")), at: 0)
        #expect(!loaded.hasChanges)
    }
}
