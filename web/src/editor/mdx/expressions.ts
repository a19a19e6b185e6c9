/**
 * The values MDX JSX attributes may hold for component props, as Keystatic reads them: literals,
 * arrays and objects written as JavaScript expressions (`count={3}`, `tags={["a", "b"]}`). Anything
 * else (a variable, a call) is refused: props are data, not code.
 */
import type { Expression, Program } from 'estree';

export function programValue(program: Program): unknown {
  const [statement] = program.body;
  if (program.body.length !== 1 || statement?.type !== 'ExpressionStatement') throw new Error('Not a single expression');
  return expressionValue(statement.expression);
}

function expressionValue(expression: Expression): unknown {
  switch (expression.type) {
    case 'Literal': {
      const value = expression.value;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
      throw new Error('Unexpected literal');
    }
    case 'UnaryExpression':
      // Negative numbers are `-` applied to a literal.
      if (expression.operator === '-' && expression.argument.type === 'Literal' && typeof expression.argument.value === 'number') {
        return -expression.argument.value;
      }
      throw new Error('Unexpected expression');
    case 'ArrayExpression':
      return expression.elements.map((element) => {
        if (element === null || element.type === 'SpreadElement') throw new Error('Unexpected array element');
        return expressionValue(element);
      });
    case 'ObjectExpression':
      return Object.fromEntries(
        expression.properties.map((property) => {
          if (property.type !== 'Property' || property.computed || property.kind !== 'init') throw new Error('Unexpected property');
          const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? property.key.value : null;
          if (typeof key !== 'string') throw new Error('Unexpected key');
          return [key, expressionValue(property.value as Expression)];
        }),
      );
    // Code, not data: a variable, a call, a function, a template. Types unknown to estree are refused alike.
    case 'ArrowFunctionExpression':
    case 'AssignmentExpression':
    case 'AwaitExpression':
    case 'BinaryExpression':
    case 'CallExpression':
    case 'ChainExpression':
    case 'ClassExpression':
    case 'ConditionalExpression':
    case 'FunctionExpression':
    case 'Identifier':
    case 'ImportExpression':
    case 'JSXElement':
    case 'JSXFragment':
    case 'LogicalExpression':
    case 'MemberExpression':
    case 'MetaProperty':
    case 'NewExpression':
    case 'SequenceExpression':
    case 'TaggedTemplateExpression':
    case 'TemplateLiteral':
    case 'ThisExpression':
    case 'UpdateExpression':
    case 'YieldExpression':
    default:
      throw new Error(`Unexpected expression type ${expression.type}`);
  }
}
