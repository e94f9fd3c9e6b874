import { checkRobotAnswer, cutUtf8, DeliveryError, postJson, type Sender } from './message.js';

/** WeCom group robot: a text message (at most 2048 bytes), mentioning the given mobiles. */
export const sendWeCom: Sender = async (ctx, to, message) => {
  const url = to.prefs.wecom_url;
  if (!url) throw new DeliveryError('no WeCom robot address');
  const answer = await postJson(
    ctx,
    url,
    JSON.stringify({
      msgtype: 'text',
      text: {
        content: cutUtf8(`${message.title}\n${message.content}`, 2048),
        mentioned_mobile_list: to.prefs.wecom_mobiles,
      },
    }),
  );
  checkRobotAnswer(answer);
};
