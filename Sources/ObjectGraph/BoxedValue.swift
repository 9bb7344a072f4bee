/// A value the object graph holds without looking into it: what a transformable attribute holds in memory
/// (`NSTransformableAttributeType`). The bridge that made it subclasses it and knows how to turn it into
/// bytes with the attribute's value transformer (``transformedValue(for:entityName:)``), which a context
/// calls when it saves the value to a store. Two boxes are equal only when they are the same box.
///
/// ```swift
/// final class Colour: BoxedValue {
///     override func transformedValue(for attribute: AttributeDescription, entityName: String) throws -> [UInt8] { [1, 0, 0] }
/// }
/// ```
open class BoxedValue: CustomStringConvertible {
    /// Creates a box.
    public init() {}

    /// How messages and traces show the value.
    open var description: String { "<value>" }

    /// The Cocoa class name Core Data's messages print for the value.
    open var cocoaTypeName: String { "NSObject" }

    /// The bytes the attribute's value transformer makes of the value (`transformedValue(_:)`), called
    /// when a context writes the value to a store.
    /// - Throws: when there is no such transformer, or it fails or returns something that is not bytes;
    ///   the save then changes nothing.
    open func transformedValue(for attribute: AttributeDescription, entityName: String) throws -> [UInt8] {
        throw ObjectGraphError(.invalidOperation,
            "no NSValueTransformer was found for attribute '\(attribute.name)' on entity '\(entityName)'")
    }
}
