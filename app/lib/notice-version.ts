/** The privacy notice version a form showed (its hidden field), for the service to validate and store (issue 34). */
export const noticeVersionFrom = (form: FormData): string | undefined => {
  const sent = form.get('notice_version');
  return typeof sent === 'string' && sent !== '' ? sent : undefined;
};
