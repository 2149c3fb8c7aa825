import { Col, Form, Input, Radio, Row, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { DecimalInput } from '../form/decimal-input';
import { IntegerInput } from '../form/integer-input';
import { SearchSelect, type SelectOption } from '../form/search-select';
import type { FieldContext, FieldSpec, FormValues } from './types';

interface ResourceFieldsProps<V extends FormValues> {
  fields: readonly FieldSpec<V>[];
  ctx: FieldContext<V>;
  options: Record<string, readonly SelectOption[]>;
  isLoading: boolean;
  rule: (name: string) => Rule;
  hideUntilTouched: (name: string) => object;
}

function resolveOptions<V extends FormValues>(spec: FieldSpec<V>, options: Record<string, readonly SelectOption[]>, ctx: FieldContext<V>): readonly SelectOption[] {
  if (typeof spec.options === 'string') return options[spec.options] ?? [];
  if (typeof spec.options === 'function') return spec.options(ctx, options);
  return spec.options ?? [];
}

/** The fields a list declares, laid out two to a row; rules from the contract's schema. */
export function ResourceFields<V extends FormValues>({ fields, ctx, options, isLoading, rule, hideUntilTouched }: ResourceFieldsProps<V>) {
  return (
    <Row gutter={12}>
      {fields.map((spec) => {
        if (spec.isHidden?.(ctx)) return null;
        const isDisabled = Boolean(spec.isReadOnly || spec.isDisabled?.(ctx));
        const onChange = spec.onChange ? (value: unknown) => spec.onChange?.(value, ctx) : undefined;
        const testId = `field-${spec.name}`;
        const common = { disabled: isDisabled, 'data-testid': testId, placeholder: spec.placeholder };
        let control;
        switch (spec.kind) {
          case 'textarea':
            control = <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} {...common} />;
            break;
          case 'json':
            control = <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} spellCheck={false} style={{ fontFamily: 'monospace' }} {...common} />;
            break;
          case 'integer':
            control = <IntegerInput {...common} />;
            break;
          case 'decimal':
            control = <DecimalInput {...common} />;
            break;
          case 'time':
            control = <Input type="time" {...common} />;
            break;
          case 'date':
            control = <Input type="date" {...common} />;
            break;
          case 'select':
            control = (
              <SearchSelect
                options={resolveOptions(spec, options, ctx)}
                loading={isLoading}
                mode={spec.isMultiple ? 'multiple' : undefined}
                {...common}
              />
            );
            break;
          case 'radio':
            control = <Radio.Group options={resolveOptions(spec, options, ctx) as SelectOption[]} optionType="button" disabled={isDisabled} data-testid={testId} />;
            break;
          case 'switch':
            control = <Switch disabled={isDisabled} data-testid={testId} />;
            break;
          case 'custom':
            control = spec.render?.(ctx);
            break;
          default:
            control = <Input autoComplete="off" maxLength={spec.maxLength} {...common} />;
        }
        const isSwitch = spec.kind === 'switch';
        return (
          <Col key={spec.name} xs={24} md={spec.span ?? 12}>
            {spec.kind === 'custom' && !spec.label ? (
              control
            ) : (
              <Form.Item
                name={spec.kind === 'custom' ? undefined : spec.name}
                label={spec.label}
                valuePropName={isSwitch ? 'checked' : 'value'}
                rules={spec.isLocal || spec.kind === 'custom' ? [] : [rule(spec.name)]}
                extra={spec.extra}
                {...(spec.kind === 'custom' ? {} : hideUntilTouched(spec.name))}
                getValueFromEvent={onChange ? (...args: unknown[]) => {
                  const first = args[0] as { target?: { value?: unknown; checked?: unknown } } | unknown;
                  const value = first && typeof first === 'object' && 'target' in (first as object)
                    ? (first as { target: { value?: unknown } }).target.value
                    : first;
                  // onChange sees the new value after the form has it
                  queueMicrotask(() => onChange(value));
                  return value;
                } : undefined}
              >
                {control}
              </Form.Item>
            )}
          </Col>
        );
      })}
    </Row>
  );
}
